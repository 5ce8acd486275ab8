import type { LoginResponse } from '@shelfcast/contracts'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, TextField } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useLogin } from '../api.ts'
import type { LoginOptions } from '../model/openid-login.ts'
import { AuthCard } from './AuthCard.tsx'

const passwordOnly: LoginOptions = { password: true, openId: false, openIdButtonText: null }

/**
 * Username and password sign-in (POST /login); the server's refusal (401, 429) is shown inline. With OpenID on,
 * its button too; with password login off, only that button.
 */
export function LoginForm({
  initialUsername = '',
  notice,
  onSignedIn,
  options = passwordOnly,
  onOpenId,
  error: outsideError = null,
}: {
  initialUsername?: string
  notice?: string | null
  /** The login answer, as soon as it arrives. */
  onSignedIn?: (session: LoginResponse) => void
  options?: LoginOptions
  onOpenId?: () => void
  /** A failed OpenID sign-in's message, shown until the next password attempt. */
  error?: string | null
}) {
  const { t } = useTranslation()
  const login = useLogin(onSignedIn)
  const [username, setUsername] = useState(initialUsername)
  const [password, setPassword] = useState('')
  const [formError, setError] = useState<string | null>(null)
  const [tried, setTried] = useState(false)
  const error = formError ?? (tried ? null : outsideError)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setTried(true)
    if (!username.trim()) return setError(t('ToastUserNameRequired'))
    setError(null)
    login.mutate(
      { username: username.trim(), password },
      { onError: (failure) => setError(errorMessage(failure, t)) },
    )
  }

  return (
    <AuthCard title={t('HeaderLogin')} subtitle={t('MessageLoginSubtitle')}>
      <div className="flex flex-col gap-4">
        {options.password ? (
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
        ) : (
          error && <Alert>{error}</Alert>
        )}
        {options.password && options.openId && (
          <p className="text-center text-xs tracking-wide text-muted uppercase">{t('LabelOr')}</p>
        )}
        {options.openId && (
          <Button
            variant={options.password ? 'secondary' : 'primary'}
            onClick={onOpenId}
            data-testid="openid-login"
          >
            {options.openIdButtonText ?? t('ButtonLoginWithOpenId')}
          </Button>
        )}
      </div>
    </AuthCard>
  )
}
