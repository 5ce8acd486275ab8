import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ConfirmPrompt, Modal, TextField } from '@/components/ui/index.ts'
import { toast } from '@/lib/toast-store.ts'
import { editOutcome } from '../model/list-form-rules.ts'
import type { NamedListView } from '../model/list-view.ts'
import { NamedListCover } from './NamedListCover.tsx'

export interface EditListModalProps {
  open: boolean
  list: NamedListView
  aspectRatio: number
  /** Shows Remove (spec §6: delete buttons need the delete permission). */
  canDelete: boolean
  onClose: () => void
  onSave: (changes: { name: string; description: string | null }) => Promise<boolean>
  onRemove: () => Promise<boolean>
}

/** Edit collection / Edit playlist (700 wide): name, description, cover preview, Remove, Save. */
export function EditListModal(props: EditListModalProps) {
  // Mounted only while open: every opening starts from the list as it is now.
  return props.open ? <OpenEditListModal {...props} /> : null
}

function OpenEditListModal({ list, aspectRatio, canDelete, onClose, onSave, onRemove }: EditListModalProps) {
  const { t } = useTranslation()
  const descriptionId = useId()
  const [name, setName] = useState(list.name)
  const [description, setDescription] = useState(list.description ?? '')
  const [busy, setBusy] = useState(false)
  const [confirming, setConfirming] = useState(false)
  const isCollection = list.kind === 'collection'

  const save = async () => {
    const outcome = editOutcome(list, { name, description })
    if (outcome.kind === 'nameRequired') {
      toast.error(t('ToastNameRequired'))
      return
    }
    if (outcome.kind === 'unchanged') {
      onClose()
      return
    }
    setBusy(true)
    const saved = await onSave(outcome.changes)
    setBusy(false)
    if (saved) onClose()
  }

  const remove = async () => {
    setBusy(true)
    const removed = await onRemove()
    setBusy(false)
    setConfirming(false)
    if (removed) onClose()
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t(isCollection ? 'HeaderEditCollection' : 'HeaderEditPlaylist')}
      closeLabel={t('ButtonClose')}
      width={700}
      processing={busy}
      testId="edit-list-modal"
      footer={
        <>
          {canDelete && (
            <Button variant="danger" onClick={() => setConfirming(true)} disabled={busy} className="me-auto">
              {t('ButtonRemove')}
            </Button>
          )}
          <Button onClick={() => void save()} loading={busy && !confirming} data-testid="edit-list-save">
            {t('ButtonSave')}
          </Button>
        </>
      }
    >
      <form
        className="flex flex-col gap-6 sm:flex-row"
        onSubmit={(event) => {
          event.preventDefault()
          void save()
        }}
      >
        <div className="shrink-0 self-center sm:self-start">
          <NamedListCover list={list} coverWidth={100} aspectRatio={aspectRatio} />
        </div>
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <TextField
            label={t('LabelName')}
            value={name}
            onChange={(e) => setName(e.target.value)}
            data-autofocus
          />
          <div className="flex flex-col gap-1.5">
            <label htmlFor={descriptionId} className="text-sm font-medium text-fg">
              {t('LabelDescription')}
            </label>
            <textarea
              id={descriptionId}
              rows={5}
              value={description}
              onChange={(e) => setDescription(e.target.value)}
              className="resize-y rounded-lg border border-border bg-bg px-3 py-2 text-sm text-fg outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
            />
          </div>
          {/* Enter in the name field saves. */}
          <button type="submit" hidden />
        </div>
      </form>
      <ConfirmPrompt
        open={confirming}
        title={t(isCollection ? 'HeaderRemoveCollection' : 'HeaderRemovePlaylist')}
        message={t(isCollection ? 'MessageConfirmRemoveCollection' : 'MessageConfirmRemovePlaylist', {
          name: list.name,
        })}
        yesLabel={t('ButtonRemove')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        processing={busy}
        onConfirm={() => void remove()}
        onCancel={() => setConfirming(false)}
        testId="remove-list-confirm"
      />
    </Modal>
  )
}
