import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Modal, SelectField, Toggle } from '@/components/ui/index.ts'
import { useBookProviders, type QuickMatchOptions } from '../api.ts'

export interface QuickMatchModalProps {
  open: boolean
  processing: boolean
  onSubmit: (options: QuickMatchOptions) => Promise<void>
  onClose: () => void
}

/** Batch quick match (spec §2, 500 wide): provider, override cover, override details; both overrides on by default. */
export function QuickMatchModal(props: QuickMatchModalProps) {
  // Mounted only while open, so each opening starts from the defaults.
  if (!props.open) return null
  return <OpenQuickMatchModal {...props} />
}

function OpenQuickMatchModal({ processing, onSubmit, onClose }: QuickMatchModalProps) {
  const { t } = useTranslation()
  const providers = useBookProviders(true)
  const [provider, setProvider] = useState<string | null>(null)
  const [overrideCover, setOverrideCover] = useState(true)
  const [overrideDetails, setOverrideDetails] = useState(true)
  const chosen = provider ?? providers[0]?.value ?? 'google'

  return (
    <Modal
      open
      onClose={onClose}
      title={t('HeaderBatchQuickMatch')}
      closeLabel={t('ButtonClose')}
      width={500}
      processing={processing}
      testId="quick-match-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={processing}>
            {t('ButtonCancel')}
          </Button>
          <Button
            loading={processing}
            onClick={() => void onSubmit({ provider: chosen, overrideCover, overrideDetails })}
          >
            {t('ButtonSubmit')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-4">
        <SelectField
          label={t('LabelProvider')}
          value={chosen}
          onChange={(event) => setProvider(event.target.value)}
          options={providers.map((p) => ({ value: p.value, label: p.text }))}
        />
        <Toggle
          label={t('LabelOverrideCover')}
          description={t('MessageOverrideCoverHint')}
          checked={overrideCover}
          onChange={setOverrideCover}
        />
        <Toggle
          label={t('LabelOverrideDetails')}
          description={t('MessageOverrideDetailsHint')}
          checked={overrideDetails}
          onChange={setOverrideDetails}
        />
      </div>
    </Modal>
  )
}
