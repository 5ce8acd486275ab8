import { useState, type ReactNode } from 'react'
import { Button, type ButtonVariant } from './Button.tsx'
import { Checkbox } from './Checkbox.tsx'
import { Modal } from './Modal.tsx'

export interface ConfirmPromptProps {
  open: boolean
  title: ReactNode
  message: ReactNode
  /** 'yesNo' asks; 'ok' only informs. */
  type?: 'yesNo' | 'ok'
  yesLabel: string
  noLabel: string
  closeLabel: string
  /** Colour of the yes button (danger for destructive actions). */
  yesVariant?: ButtonVariant
  /** An optional checkbox whose value is handed to onConfirm (e.g. "also delete files"). */
  checkboxLabel?: ReactNode
  checkboxDefault?: boolean
  /** Outside clicks do not cancel. */
  persistent?: boolean
  /** The confirmed action is running: buttons wait, nothing closes. */
  processing?: boolean
  onConfirm: (checked: boolean) => void
  onCancel: () => void
  testId?: string
}

/** The confirm prompt of spec §2: yes/no or ok, optional checkbox, custom yes label and colour. */
export function ConfirmPrompt(props: ConfirmPromptProps) {
  // Mounted only while open, so the checkbox starts from its default each time.
  if (!props.open) return null
  return <OpenConfirmPrompt {...props} />
}

function OpenConfirmPrompt({
  title,
  message,
  type = 'yesNo',
  yesLabel,
  noLabel,
  closeLabel,
  yesVariant = 'primary',
  checkboxLabel,
  checkboxDefault = false,
  persistent = false,
  processing = false,
  onConfirm,
  onCancel,
  testId = 'confirm-prompt',
}: ConfirmPromptProps) {
  const [checked, setChecked] = useState(checkboxDefault)
  return (
    <Modal
      open
      onClose={onCancel}
      title={title}
      closeLabel={closeLabel}
      width={420}
      persistent={persistent}
      processing={processing}
      testId={testId}
      footer={
        <>
          {type === 'yesNo' && (
            <Button variant="secondary" onClick={onCancel} disabled={processing}>
              {noLabel}
            </Button>
          )}
          <Button variant={yesVariant} onClick={() => onConfirm(checked)} loading={processing} data-autofocus>
            {yesLabel}
          </Button>
        </>
      }
    >
      <div className="text-sm text-fg">{message}</div>
      {checkboxLabel && (
        <Checkbox className="mt-4" checked={checked} onChange={setChecked} label={checkboxLabel} />
      )}
    </Modal>
  )
}
