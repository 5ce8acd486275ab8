import type { Library, User, UserType } from '@shelfcast/contracts'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Checkbox, Modal, SelectField, TextField, Toggle } from '@/components/ui/index.ts'
import { LibraryIcon } from '@/features/libraries/index.ts'
import { accountTypeKeys } from '@/features/auth/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'
import { useCreateUser, useKnownTags, useUpdateUser } from '../api.ts'
import {
  assignableTypes,
  draftFromUser,
  hasPermissionSwitches,
  newUserDraft,
  permissionToggles,
  setPermission,
  toCreateUserRequest,
  toggleInList,
  toUpdateUserRequest,
  validateUserDraft,
  withType,
  type UserDraft,
} from '../model/user-form.ts'
import { OpenIdLink } from './OpenIdLink.tsx'
import { TagPicker } from './TagPicker.tsx'

/** Create (user null) or edit an account. Mounted fresh on every opening. */
export function UserModal({
  user,
  libraries,
  onClose,
}: {
  user: User | null
  libraries: readonly Library[]
  onClose: () => void
}) {
  const { t } = useTranslation()
  const actor = useSessionStore((s) => s.user)
  const create = useCreateUser()
  const update = useUpdateUser()
  const [draft, setDraft] = useState<UserDraft>(() => (user ? draftFromUser(user) : newUserDraft()))
  const [submitted, setSubmitted] = useState(false)
  const processing = create.isPending || update.isPending
  const mode = user ? 'edit' : 'create'
  const errors = submitted ? validateUserDraft(draft, mode) : {}
  const editingSelf = !!user && user.id === actor?.id
  const typeLocked = user?.type === 'root' || editingSelf
  const activeLocked = user?.type === 'root' || editingSelf
  const switches = hasPermissionSwitches(draft.type)
  const knownTags = useKnownTags(libraries, switches && !draft.permissions.accessAllTags)

  const typeOptions: UserType[] = typeLocked ? [draft.type] : assignableTypes(actor?.type ?? 'admin')
  if (!typeOptions.includes(draft.type)) typeOptions.push(draft.type)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (Object.keys(validateUserDraft(draft, mode)).length > 0) return
    if (!user) {
      create.mutate(toCreateUserRequest(draft), {
        onSuccess: () => {
          toast.success(t('ToastNewUserCreatedSuccess'))
          onClose()
        },
        onError: (error) => toast.error(t('ToastNewUserCreatedFailed', { error: errorMessage(error, t) })),
      })
      return
    }
    update.mutate(
      { id: user.id, body: toUpdateUserRequest(user, draft) },
      {
        onSuccess: () => {
          toast.success(t('ToastUserUpdateSuccess'))
          onClose()
        },
        onError: (error) => toast.error(errorMessage(error, t, 'ToastUserUpdateFailed')),
      },
    )
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={user ? t('HeaderUpdateAccount', { username: user.username }) : t('HeaderNewAccount')}
      closeLabel={t('ButtonClose')}
      width={720}
      persistent
      processing={processing}
      testId="user-modal"
      footer={
        <>
          <Button variant="secondary" onClick={onClose} disabled={processing}>
            {t('ButtonCancel')}
          </Button>
          <Button type="submit" form="user-form" loading={processing}>
            {user ? t('ButtonSave') : t('ButtonCreate')}
          </Button>
        </>
      }
    >
      <form id="user-form" onSubmit={submit} noValidate className="flex flex-col gap-6">
        <div className="grid gap-4 sm:grid-cols-2">
          <TextField
            label={t('LabelUsername')}
            value={draft.username}
            onChange={(e) => setDraft((d) => ({ ...d, username: e.target.value }))}
            error={errors.username ? t(errors.username) : null}
            autoComplete="off"
            maxLength={100}
            data-autofocus
          />
          <TextField
            label={user ? t('LabelNewPassword') : t('LabelPassword')}
            type="password"
            value={draft.password}
            onChange={(e) => setDraft((d) => ({ ...d, password: e.target.value }))}
            error={errors.password ? t(errors.password) : null}
            hint={user ? t('MessageLeaveBlankToKeepPassword') : undefined}
            autoComplete="new-password"
          />
          <SelectField
            label={t('LabelAccountType')}
            value={draft.type}
            disabled={typeLocked}
            onChange={(e) => setDraft((d) => withType(d, e.target.value as UserType))}
            options={typeOptions.map((type) => ({ value: type, label: t(accountTypeKeys[type]) }))}
          />
          <div className="flex items-end pb-2">
            <Toggle
              checked={draft.isActive}
              disabled={activeLocked}
              onChange={(isActive) => setDraft((d) => ({ ...d, isActive }))}
              label={t('LabelAccountActive')}
            />
          </div>
          {user && <OpenIdLink user={user} />}
        </div>

        {switches ? (
          <section aria-labelledby="user-permissions-heading" className="flex flex-col gap-4">
            <h3 id="user-permissions-heading" className="text-sm font-semibold">
              {t('HeaderPermissions')}
            </h3>
            <div className="grid gap-3 sm:grid-cols-2">
              {permissionToggles.map(({ key, labelKey }) => (
                <Toggle
                  key={key}
                  checked={draft.permissions[key]}
                  onChange={(on) => setDraft((d) => setPermission(d, key, on))}
                  label={t(labelKey)}
                />
              ))}
            </div>

            <div className="flex flex-col gap-3 rounded-xl border border-border bg-bg p-4">
              <Toggle
                checked={draft.permissions.accessAllLibraries}
                onChange={(on) => setDraft((d) => setPermission(d, 'accessAllLibraries', on))}
                label={t('LabelPermissionsAccessAllLibraries')}
              />
              {!draft.permissions.accessAllLibraries && (
                <fieldset className="flex flex-col gap-2 ps-1">
                  <legend className="mb-1 text-sm text-muted">{t('LabelLibrariesAccessible')}</legend>
                  {libraries.length === 0 ? (
                    <p className="text-sm text-muted">{t('MessageNoLibrariesOnServer')}</p>
                  ) : (
                    libraries.map((library) => (
                      <Checkbox
                        key={library.id}
                        checked={draft.librariesAccessible.includes(library.id)}
                        onChange={(on) =>
                          setDraft((d) => ({
                            ...d,
                            librariesAccessible: toggleInList(d.librariesAccessible, library.id, on),
                          }))
                        }
                        label={
                          <span className="inline-flex items-center gap-2">
                            <LibraryIcon icon={library.icon} className="size-4 text-primary" />
                            {library.name}
                          </span>
                        }
                      />
                    ))
                  )}
                </fieldset>
              )}
            </div>

            <div className="flex flex-col gap-3 rounded-xl border border-border bg-bg p-4">
              <Toggle
                checked={draft.permissions.accessAllTags}
                onChange={(on) => setDraft((d) => setPermission(d, 'accessAllTags', on))}
                label={t('LabelPermissionsAccessAllTags')}
              />
              {!draft.permissions.accessAllTags && (
                <>
                  <TagPicker
                    label={
                      draft.permissions.selectedTagsNotAccessible
                        ? t('LabelTagsNotAccessibleToUser')
                        : t('LabelTagsAccessibleToUser')
                    }
                    value={draft.itemTagsSelected}
                    suggestions={knownTags}
                    onChange={(itemTagsSelected) => setDraft((d) => ({ ...d, itemTagsSelected }))}
                  />
                  <Toggle
                    checked={draft.permissions.selectedTagsNotAccessible}
                    onChange={(on) => setDraft((d) => setPermission(d, 'selectedTagsNotAccessible', on))}
                    label={t('LabelInvertTagSelection')}
                    description={t('LabelInvertTagSelectionHelp')}
                  />
                </>
              )}
            </div>
            {errors.access && <Alert>{t(errors.access)}</Alert>}
          </section>
        ) : (
          <p className="rounded-lg bg-surface-raised px-3 py-2 text-sm text-muted">
            {t('MessageAdminHasAllPermissions')}
          </p>
        )}
      </form>
    </Modal>
  )
}
