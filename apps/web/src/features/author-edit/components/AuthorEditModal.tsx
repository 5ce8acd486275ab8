import type { AudibleRegion, Author } from '@shelfcast/contracts'
import { audibleRegions } from '@shelfcast/contracts/client'
import { useEffect, useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { useNavigate } from 'react-router'
import { Button, ConfirmPrompt, Modal, SelectField, TextAreaField, TextField } from '@/components/ui/index.ts'
import { useLibraries } from '@/features/libraries/index.ts'
import { isApiError } from '@/lib/api/index.ts'
import { closeAuthorEdit, useAuthorEditModal } from '@/lib/author-edit-modal.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'
import { useDeleteAuthor, useEditedAuthor, useMatchAuthor, useUpdateAuthor } from '../api.ts'
import {
  authorToForm,
  changedAuthorFields,
  defaultMatchRegion,
  quickMatchPayload,
  type AuthorForm,
} from '../model/author-form.ts'
import { AuthorImageEditor } from './AuthorImageEditor.tsx'

const FORM_ID = 'author-edit-form'

/** The edit author modal (spec §2, 800 wide), mounted once by the main layout and opened by `openAuthorEdit`. */
export function AuthorEditModal() {
  const authorId = useAuthorEditModal((s) => s.authorId)
  return authorId ? <LoadingAuthorEditModal key={authorId} authorId={authorId} /> : null
}

function LoadingAuthorEditModal({ authorId }: { authorId: string }) {
  const { t } = useTranslation()
  const query = useEditedAuthor(authorId)

  useEffect(() => {
    if (!query.isError) return
    toast.error(errorMessage(query.error, t, 'ToastFailedToLoadData'))
    closeAuthorEdit()
  }, [query.isError, query.error, t])

  if (!query.data)
    return (
      <Modal
        open
        onClose={closeAuthorEdit}
        title={t('MessageLoading')}
        closeLabel={t('ButtonClose')}
        width={800}
      >
        <div className="h-40 animate-pulse rounded-xl bg-surface-raised/60" />
      </Modal>
    )
  return <OpenAuthorEditModal author={query.data} />
}

function OpenAuthorEditModal({ author }: { author: Author }) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const permissions = useSessionStore((s) => s.user?.permissions)
  const provider = useLibraries().data?.find((l) => l.id === author.libraryId)?.provider
  const [form, setForm] = useState<AuthorForm>(() => authorToForm(author))
  const [region, setRegion] = useState<AudibleRegion | null>(null)
  const [confirmingRemove, setConfirmingRemove] = useState(false)
  const [imageBusy, setImageBusy] = useState(false)
  const update = useUpdateAuthor(author.id)
  const match = useMatchAuthor(author.id)
  const remove = useDeleteAuthor(author.id)
  const matchRegion = region ?? defaultMatchRegion(provider)
  const busy = update.isPending || match.isPending || remove.isPending || imageBusy

  // The author was merged into another: its page is gone, the survivor's has the books.
  const goToSurvivor = (survivorId: string) => {
    closeAuthorEdit()
    void navigate(`/author/${survivorId}`, { replace: true })
  }

  const save = (event: FormEvent) => {
    event.preventDefault()
    const patch = changedAuthorFields(author, form)
    if (!patch) {
      toast.info(t('ToastNoUpdatesNecessary'))
      return
    }
    if (patch.name === '') {
      toast.error(t('ToastNameRequired'))
      return
    }
    update.mutate(patch, {
      onSuccess: (answer) => {
        if (answer.merged) {
          toast.success(t('ToastAuthorUpdateMerged'))
          goToSurvivor(answer.author.id)
        } else if (answer.updated) {
          toast.success(t('ToastAuthorUpdateSuccess'))
          closeAuthorEdit()
        } else toast.info(t('ToastNoUpdatesNecessary'))
      },
      onError: (error) => toast.error(errorMessage(error, t, 'ToastFailedToUpdate')),
    })
  }

  const quickMatch = () => {
    const payload = quickMatchPayload(form, matchRegion)
    if (!payload) {
      toast.error(t('ToastNameAsinRequired'))
      return
    }
    match.mutate(payload, {
      onSuccess: ({ updated, author: matched }) => {
        if (!updated) toast.info(t('ToastNoUpdatesNecessary'))
        else if (matched.imagePath) toast.success(t('ToastAuthorUpdateSuccess'))
        else toast.success(t('ToastAuthorUpdateSuccessNoImageFound'))
        if (matched.id !== author.id) goToSurvivor(matched.id)
        else setForm(authorToForm(matched))
      },
      onError: (error) =>
        toast.error(
          isApiError(error) && error.status === 404
            ? t('ToastAuthorNotFound', { name: form.name.trim() || form.asin.trim() })
            : errorMessage(error, t, 'ToastFailedToMatch'),
        ),
    })
  }

  const confirmRemove = () =>
    remove.mutate(author.libraryId, {
      onSuccess: () => {
        toast.success(t('ToastAuthorRemoved'))
        setConfirmingRemove(false)
        closeAuthorEdit()
        void navigate(`/library/${author.libraryId}/bookshelf/authors`)
      },
      onError: () => {
        setConfirmingRemove(false)
        toast.error(t('ToastRemoveFailed'))
      },
    })

  const field = (key: keyof AuthorForm) => ({
    value: form[key],
    onChange: (event: { target: { value: string } }) => setForm((f) => ({ ...f, [key]: event.target.value })),
  })

  return (
    <Modal
      open
      onClose={closeAuthorEdit}
      title={author.name}
      closeLabel={t('ButtonClose')}
      width={800}
      processing={busy}
      testId="author-edit-modal"
      footer={
        <>
          {permissions?.delete && (
            <Button
              variant="danger"
              className="me-auto"
              onClick={() => setConfirmingRemove(true)}
              disabled={busy}
              data-testid="author-edit-remove"
            >
              {t('ButtonRemove')}
            </Button>
          )}
          <Button
            variant="secondary"
            onClick={quickMatch}
            loading={match.isPending}
            disabled={busy}
            data-testid="author-quick-match"
          >
            {t('ButtonQuickMatch')}
          </Button>
          <Button
            type="submit"
            form={FORM_ID}
            loading={update.isPending}
            disabled={busy}
            data-testid="author-edit-save"
          >
            {t('ButtonSave')}
          </Button>
        </>
      }
    >
      <div className="flex flex-col gap-5">
        <AuthorImageEditor
          author={author}
          canUpload={!!permissions?.upload}
          canDelete={!!permissions?.delete}
          onBusy={setImageBusy}
        />
        <form id={FORM_ID} onSubmit={save} noValidate className="flex flex-col gap-4">
          <div className="grid gap-3 sm:grid-cols-[1fr_11rem_7rem]">
            <TextField
              label={t('LabelName')}
              {...field('name')}
              maxLength={500}
              autoComplete="off"
              data-autofocus
            />
            <TextField label={t('LabelASIN')} {...field('asin')} maxLength={50} autoComplete="off" />
            <SelectField
              label={t('LabelRegion')}
              value={matchRegion}
              onChange={(e) => setRegion(e.target.value as AudibleRegion)}
              options={audibleRegions.map((code) => ({ value: code, label: code.toUpperCase() }))}
            />
          </div>
          <TextAreaField label={t('LabelDescription')} rows={8} {...field('description')} />
        </form>
      </div>
      <ConfirmPrompt
        open={confirmingRemove}
        title={t('HeaderRemoveAuthor')}
        message={t('MessageConfirmRemoveAuthor', { name: author.name })}
        yesLabel={t('ButtonRemove')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        processing={remove.isPending}
        onConfirm={confirmRemove}
        onCancel={() => setConfirmingRemove(false)}
        testId="author-remove-prompt"
      />
    </Modal>
  )
}
