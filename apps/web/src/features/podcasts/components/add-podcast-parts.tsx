import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, Modal } from '@/components/ui/index.ts'

/** The 'Explicit' mark of a search result or feed. */
export function ExplicitBadge() {
  const { t } = useTranslation()
  return (
    <Badge tone="muted" className="uppercase">
      {t('LabelExplicit')}
    </Badge>
  )
}

export interface AddPodcastDialogProps {
  title: string
  testId: string
  submitLabel: string
  /** Disables the submit button (nothing to send yet). */
  submitDisabled?: boolean
  /** The request is in flight: nothing closes the dialog, the submit button spins. */
  pending: boolean
  onClose: () => void
  onSubmit: () => void
  children: ReactNode
}

/** The Add page's dialogs (new podcast, OPML import): 800 wide, Cancel and a submit button; `${testId}-submit`. */
export function AddPodcastDialog({
  title,
  testId,
  submitLabel,
  submitDisabled,
  pending,
  onClose,
  onSubmit,
  children,
}: AddPodcastDialogProps) {
  const { t } = useTranslation()
  return (
    <Modal
      open
      onClose={onClose}
      title={title}
      closeLabel={t('ButtonClose')}
      width={800}
      persistent
      processing={pending}
      testId={testId}
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={pending}>
            {t('ButtonCancel')}
          </Button>
          <Button
            onClick={onSubmit}
            loading={pending}
            disabled={submitDisabled}
            data-testid={`${testId}-submit`}
          >
            {submitLabel}
          </Button>
        </>
      }
    >
      {children}
    </Modal>
  )
}
