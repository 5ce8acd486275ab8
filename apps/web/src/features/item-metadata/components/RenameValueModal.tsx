import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Modal, TextField } from '@/components/ui/index.ts'
import {
  mergeTarget,
  metaKindKeys,
  NEW_NAME_MAX_LENGTH,
  newNameProblem,
  type MetaKind,
} from '../model/meta-kinds.ts'

const FORM_ID = 'rename-meta-value-form'

export interface RenameValueModalProps {
  kind: MetaKind
  /** The name being renamed. */
  from: string
  /** Every name of this kind, to warn when the new one exists and will merge. */
  names: readonly string[]
  processing: boolean
  onSubmit: (to: string) => void
  onClose: () => void
}

/** Renames a tag, genre or narrator; warns when the new name exists (they merge). Mounted fresh per opening. */
export function RenameValueModal({
  kind,
  from,
  names,
  processing,
  onSubmit,
  onClose,
}: RenameValueModalProps) {
  const { t } = useTranslation()
  const keys = metaKindKeys[kind]
  const [value, setValue] = useState(from)
  const [problem, setProblem] = useState<string | null>(null)
  const merge = mergeTarget(names, from, value)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const invalid = newNameProblem(from, value)
    setProblem(invalid)
    if (!invalid) onSubmit(value.trim())
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t(keys.renameTitle)}
      closeLabel={t('ButtonClose')}
      width={460}
      persistent
      processing={processing}
      testId="rename-meta-value-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={processing}>
            {t('ButtonCancel')}
          </Button>
          <Button type="submit" form={FORM_ID} loading={processing} data-testid="rename-meta-value-submit">
            {t('ButtonRename')}
          </Button>
        </>
      }
    >
      <form id={FORM_ID} onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('LabelNewName')}
          value={value}
          onChange={(e) => {
            setValue(e.target.value)
            setProblem(null)
          }}
          maxLength={NEW_NAME_MAX_LENGTH + 50}
          autoComplete="off"
          data-autofocus
          error={problem ? t(problem, { max: NEW_NAME_MAX_LENGTH }) : undefined}
        />
        {!problem && value.trim() && value.trim() !== from && (
          <p className="text-sm text-muted break-words" data-testid="rename-meta-value-confirm">
            {t(keys.confirmRename, { from, to: merge ?? value.trim() })}
          </p>
        )}
        {merge && (
          <div data-testid="rename-meta-value-merge">
            <Alert tone="warning">{t(keys.mergeNote, { name: merge })}</Alert>
          </div>
        )}
      </form>
    </Modal>
  )
}
