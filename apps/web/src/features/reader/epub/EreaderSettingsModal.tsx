import { formatPercent } from '@/lib/format.ts'
import { useId } from 'react'
import { useTranslation } from 'react-i18next'
import { Modal } from '@/components/ui/Modal.tsx'
import { cn } from '@/components/ui/cn.ts'
import { SLIDER_RANGES, type EreaderSettings } from './ereader-settings.ts'

interface Choice<T extends string> {
  value: T
  labelKey: string
}

function ChoiceGroup<T extends string>({
  label,
  value,
  choices,
  onChange,
}: {
  label: string
  value: T
  choices: Choice<T>[]
  onChange(value: T): void
}) {
  const { t } = useTranslation()
  return (
    <div className="flex flex-wrap items-center justify-between gap-2">
      <span className="text-sm">{label}</span>
      <div role="group" aria-label={label} className="flex overflow-hidden rounded-lg border border-border">
        {choices.map((choice) => (
          <button
            key={choice.value}
            type="button"
            aria-pressed={value === choice.value}
            onClick={() => onChange(choice.value)}
            className={cn(
              'px-3 py-1.5 text-sm',
              value === choice.value ? 'bg-primary text-primary-fg' : 'hover:bg-surface-raised',
            )}
          >
            {t(choice.labelKey)}
          </button>
        ))}
      </div>
    </div>
  )
}

function Slider({
  label,
  value,
  range,
  onChange,
}: {
  label: string
  value: number
  range: { min: number; max: number; step: number }
  onChange(value: number): void
}) {
  const id = useId()
  return (
    <div className="flex flex-col gap-1">
      <div className="flex items-center justify-between text-sm">
        <label htmlFor={id}>{label}</label>
        <output htmlFor={id}>{formatPercent(value / 100)}</output>
      </div>
      <input
        id={id}
        type="range"
        min={range.min}
        max={range.max}
        step={range.step}
        value={value}
        aria-valuetext={formatPercent(value / 100)}
        onChange={(e) => onChange(Number(e.target.value))}
        className="w-full accent-[var(--color-primary)]"
      />
    </div>
  )
}

export interface EreaderSettingsModalProps {
  open: boolean
  onClose(): void
  settings: EreaderSettings
  onChange(change: Partial<EreaderSettings>): void
}

/** Spec §2: the EPUB settings modal (500 wide); every change applies at once and is saved. */
export function EreaderSettingsModal({ open, onClose, settings, onChange }: EreaderSettingsModalProps) {
  const { t } = useTranslation()
  return (
    <Modal
      open={open}
      onClose={onClose}
      title={t('HeaderEreaderSettings')}
      closeLabel={t('ButtonClose')}
      width={500}
      testId="ereader-settings"
    >
      <div className="flex flex-col gap-5 p-1">
        <ChoiceGroup
          label={t('LabelTheme')}
          value={settings.theme}
          onChange={(theme) => onChange({ theme })}
          choices={[
            { value: 'dark', labelKey: 'LabelThemeDark' },
            { value: 'sepia', labelKey: 'LabelThemeSepia' },
            { value: 'light', labelKey: 'LabelThemeLight' },
          ]}
        />
        <ChoiceGroup
          label={t('LabelFontFamily')}
          value={settings.font}
          onChange={(font) => onChange({ font })}
          choices={[
            { value: 'serif', labelKey: 'LabelFontSerif' },
            { value: 'sans-serif', labelKey: 'LabelFontSansSerif' },
          ]}
        />
        <Slider
          label={t('LabelFontScale')}
          value={settings.fontScale}
          range={SLIDER_RANGES.fontScale}
          onChange={(fontScale) => onChange({ fontScale })}
        />
        <Slider
          label={t('LabelLineSpacing')}
          value={settings.lineSpacing}
          range={SLIDER_RANGES.lineSpacing}
          onChange={(lineSpacing) => onChange({ lineSpacing })}
        />
        <Slider
          label={t('LabelFontBoldness')}
          value={settings.textStroke}
          range={SLIDER_RANGES.textStroke}
          onChange={(textStroke) => onChange({ textStroke })}
        />
        <ChoiceGroup
          label={t('LabelLayout')}
          value={settings.spread}
          onChange={(spread) => onChange({ spread })}
          choices={[
            { value: 'none', labelKey: 'LabelLayoutSinglePage' },
            { value: 'auto', labelKey: 'LabelLayoutSplitPage' },
          ]}
        />
        <ChoiceGroup
          label={t('LabelPageFlow')}
          value={settings.flow}
          onChange={(flow) => onChange({ flow })}
          choices={[
            { value: 'paginated', labelKey: 'LabelPageFlowPaginated' },
            { value: 'scrolled', labelKey: 'LabelPageFlowScrolled' },
          ]}
        />
      </div>
    </Modal>
  )
}
