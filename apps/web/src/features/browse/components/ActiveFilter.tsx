import type { FilterData } from '@shelfcast/contracts'
import { useTranslation } from 'react-i18next'
import { Icon } from '@/components/ui/index.ts'
import { enumValueLabelKeys, filterGroupLabelKey, filterValueLabel, parseFilter } from '../model/filters.ts'

/** The filter in effect, as a chip that clears it. Nothing for 'all'. */
export function ActiveFilter({
  value,
  filterData,
  onClear,
}: {
  value: string
  filterData: FilterData | undefined
  onClear: () => void
}) {
  const { t } = useTranslation()
  const parsed = parseFilter(value)
  if (!parsed) return null
  const enumKey =
    parsed.value !== undefined ? enumValueLabelKeys[`${parsed.group}.${parsed.value}`] : undefined
  const valueLabel = enumKey ? t(enumKey) : filterValueLabel(parsed, filterData)
  const text =
    parsed.value === undefined
      ? t(filterGroupLabelKey(parsed.group))
      : `${t(filterGroupLabelKey(parsed.group))}: ${valueLabel ?? t('LabelUnknown')}`
  return (
    <div className="flex" data-testid="active-filter">
      <span className="inline-flex max-w-full items-center gap-2 rounded-full border border-primary/40 bg-primary/10 py-1 pe-1 ps-3 text-sm text-primary">
        <span className="truncate">{text}</span>
        <button
          type="button"
          onClick={onClear}
          aria-label={t('ButtonClearFilter')}
          title={t('ButtonClearFilter')}
          className="rounded-full p-1 transition hover:bg-primary/20"
        >
          <Icon name="close" className="size-3.5" />
        </button>
      </span>
    </div>
  )
}
