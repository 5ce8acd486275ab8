import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { ConfirmPrompt } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { metaKindKeys, type MetaKind } from '../model/meta-kinds.ts'
import { RenameValueModal } from './RenameValueModal.tsx'

/** Which dialog is open, and for which name. */
export type MetaValueAction = { type: 'rename' | 'remove'; name: string } | null

export interface MetaValueDialogsProps {
  kind: MetaKind
  names: readonly string[]
  action: MetaValueAction
  onDone: () => void
  rename: (from: string, to: string) => Promise<unknown>
  remove: (name: string) => Promise<unknown>
}

/** The rename dialog and the remove confirm prompt of a tags, genres or narrators list, with their toasts. */
export function MetaValueDialogs({ kind, names, action, onDone, rename, remove }: MetaValueDialogsProps) {
  const { t } = useTranslation()
  const keys = metaKindKeys[kind]
  const [busy, setBusy] = useState(false)

  const run = async (work: Promise<unknown>, success: string, failure: string) => {
    setBusy(true)
    try {
      await work
      toast.success(t(success))
      onDone()
    } catch (error) {
      toast.error(errorMessage(error, t, failure))
    } finally {
      setBusy(false)
    }
  }

  return (
    <>
      {action?.type === 'rename' && (
        <RenameValueModal
          kind={kind}
          from={action.name}
          names={names}
          processing={busy}
          onClose={onDone}
          onSubmit={(to) => void run(rename(action.name, to), keys.renamed, keys.renameFailed)}
        />
      )}
      <ConfirmPrompt
        open={action?.type === 'remove'}
        title={t(keys.removeTitle)}
        message={<span className="break-words">{t(keys.confirmRemove, { name: action?.name ?? '' })}</span>}
        yesLabel={t('ButtonRemove')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        processing={busy}
        onConfirm={() => action && void run(remove(action.name), keys.removed, keys.removeFailed)}
        onCancel={onDone}
      />
    </>
  )
}
