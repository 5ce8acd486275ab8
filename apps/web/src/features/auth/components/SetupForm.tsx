import type { StatusResponse } from '@shelfcast/contracts'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, TextField } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useInitServer } from '../api.ts'
import { validateRootSetup } from '../model/password-rules.ts'
import { AuthCard } from './AuthCard.tsx'

/** First run: create the root user (POST /init). */
export function SetupForm({
  status,
  onCreated,
}: {
  status: StatusResponse
  onCreated: (username: string) => void
}) {
  const { t } = useTranslation()
  const init = useInitServer()
  const [username, setUsername] = useState('root')
  const [password, setPassword] = useState('')
  const [confirmPassword, setConfirmPassword] = useState('')
  const [error, setError] = useState<string | null>(null)

  const submit = (event: FormEvent) => {
    event.preventDefault()
    const rule = validateRootSetup({ username, password, confirmPassword })
    if (rule) return setError(t(rule))
    setError(null)
    init.mutate(
      { newRoot: { username: username.trim(), password } },
      {
        onSuccess: () => onCreated(username.trim()),
        onError: (failure) => setError(errorMessage(failure, t)),
      },
    )
  }

  return (
    <AuthCard title={t('HeaderInitialServerSetup')} subtitle={t('MessageInitialServerSetup')}>
      <form data-testid="setup-form" onSubmit={submit} noValidate className="flex flex-col gap-4">
        <TextField
          label={t('LabelRootUsername')}
          value={username}
          onChange={(e) => setUsername(e.target.value)}
          autoComplete="username"
          required
        />
        <TextField
          label={t('LabelPassword')}
          type="password"
          value={password}
          onChange={(e) => setPassword(e.target.value)}
          autoComplete="new-password"
        />
        <TextField
          label={t('LabelConfirmPassword')}
          type="password"
          value={confirmPassword}
          onChange={(e) => setConfirmPassword(e.target.value)}
          autoComplete="new-password"
        />
        {(status.ConfigPath || status.MetadataPath) && (
          <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1 rounded-lg bg-bg px-3 py-2 text-xs">
            {status.ConfigPath && (
              <>
                <dt className="text-muted">{t('LabelConfigPath')}</dt>
                <dd className="font-mono break-all">{status.ConfigPath}</dd>
              </>
            )}
            {status.MetadataPath && (
              <>
                <dt className="text-muted">{t('LabelMetadataPath')}</dt>
                <dd className="font-mono break-all">{status.MetadataPath}</dd>
              </>
            )}
          </dl>
        )}
        {error && <Alert>{error}</Alert>}
        <Button type="submit" loading={init.isPending} className="mt-2">
          {t('ButtonCreateRootUser')}
        </Button>
      </form>
    </AuthCard>
  )
}
