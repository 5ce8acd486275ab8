import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, TextField } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useChangePassword } from '../api.ts'
import { validatePasswordChange } from '../model/password-rules.ts'

export function ChangePasswordForm() {
  const { t } = useTranslation()
  const change = useChangePassword()
  const [password, setPassword] = useState('')
  const [newPassword, setNewPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [error, setError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const rule = validatePasswordChange({ password, newPassword, confirmPassword })
    if (rule) return setError(t(rule))
    setError(null)
    change.mutate(
      { password, newPassword },
      {
        onSuccess: () => {
          toast.success(t('ToastUserPasswordChangeSuccess'))
          setPassword('')
          setNewPassword('')
          setConfirmPassword('')
        },
        onError: (failure) => toast.error(errorMessage(failure, t)),
      },
    )
  }

  return (
    <form
      onSubmit={submit}
      noValidate
      className="flex max-w-md flex-col gap-4"
      aria-labelledby="change-password-heading"
    >
      <h2 id="change-password-heading" className="text-lg font-semibold">
        {t('HeaderChangePassword')}
      </h2>
      <TextField
        label={t('LabelCurrentPassword')}
        type="password"
        value={password}
        onChange={(e) => setPassword(e.target.value)}
        autoComplete="current-password"
      />
      <TextField
        label={t('LabelNewPassword')}
        type="password"
        value={newPassword}
        onChange={(e) => setNewPassword(e.target.value)}
        autoComplete="new-password"
      />
      <TextField
        label={t('LabelConfirmNewPassword')}
        type="password"
        value={confirmPassword}
        onChange={(e) => setConfirmPassword(e.target.value)}
        autoComplete="new-password"
      />
      {error && <Alert>{error}</Alert>}
      <div>
        <Button type="submit" loading={change.isPending}>
          {t('ButtonChangePassword')}
        </Button>
      </div>
    </form>
  )
}
