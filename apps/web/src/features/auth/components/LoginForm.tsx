import type { LoginResponse } from '@shelfcast/contracts'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, TextField } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useLogin } from '../api.ts'
import { AuthCard } from './AuthCard.tsx'

/** Username and password sign-in (POST /login); the server's refusal (401, 429) is shown inline. */
export function LoginForm({
  initialUsername = '',
  notice,
  onSignedIn,
}: {
  initialUsername?: string
  notice?: string | null
  /** The login answer, as soon as it arrives. */
  onSignedIn?: (session: LoginResponse) => void
}) {
  const { t } = useTranslation()
  const login = useLogin(onSignedIn)
  const [username, setUsername] = useState(initialUsername)
  const [password, setPassword] = useState('')
  const [error, setError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (!username.trim()) return setError(t('ToastUserNameRequired'))
    setError(null)
    login.mutate(
      { username: username.trim(), password },
      { onError: (failure) => setError(errorMessage(failure, t)) },
    )
  }

  return (
    <AuthCard title={t('HeaderLogin')} subtitle={t('MessageLoginSubtitle')}>
      <form data-testid="login-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
        {notice && <Alert tone="success">{notice}</Alert>}
        <TextField
          label={t('LabelUsername')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="username"
          autoFocus={!initialUsername}
          required
        />
        <TextField
          label={t('LabelPassword')}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="current-password"
          autoFocus={!!initialUsername}
        />
        {error && <Alert>{error}</Alert>}
        <Button type="submit" loading={login.isPending} className="mt-2">
          {t('ButtonSubmit')}
        </Button>
      </form>
    </AuthCard>
  )
}
