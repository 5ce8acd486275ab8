import type { AuthSettings } from '@shelfcast/contracts'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, PageHeader, QueryView, SelectField, TextField, Toggle } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useAuthSettings, useOpenIdDiscovery, useUpdateAuthSettings } from '../api.ts'
import {
  advancedPermsExample,
  authSettingsDraft,
  hasErrors,
  redirectSubfolders,
  toAuthSettingsRequest,
  validateAuthSettings,
  withDiscovery,
  type AuthSettingsDraft,
} from '../model/auth-settings-form.ts'
import { RedirectUriList } from './RedirectUriList.tsx'

/** /config/authentication: password and OpenID Connect sign-in (admins). */
export function AuthSettingsPage() {
  const { t } = useTranslation()
  const query = useAuthSettings()
  return (
    <div className="flex flex-col gap-8">
      <PageHeader title={t('HeaderAuthentication')} description={t('MessageAuthenticationHelp')} />
      <QueryView
        pending={query.isPending}
        error={query.isError ? errorMessage(query.error, t, 'ToastFailedToLoadData') : null}
        loadingLabel={t('MessageLoading')}
      >
        {query.data && <AuthSettingsForm key={JSON.stringify(query.data)} settings={query.data} />}
      </QueryView>
    </div>
  )
}

const sectionClass = 'rounded-2xl border border-border bg-surface p-4 sm:p-6'

function AuthSettingsForm({ settings }: { settings: AuthSettings }) {
  const { t } = useTranslation()
  const update = useUpdateAuthSettings()
  const discovery = useOpenIdDiscovery()
  const saved = authSettingsDraft(settings)
  const [draft, setDraft] = useState<AuthSettingsDraft>(saved)
  const [submitted, setSubmitted] = useState(false)
  const errors = submitted ? validateAuthSettings(draft) : {}
  const dirty = JSON.stringify(saved) !== JSON.stringify(draft)
  const set =
    <K extends keyof AuthSettingsDraft>(key: K) =>
    (value: AuthSettingsDraft[K]) =>
      setDraft((d) => ({ ...d, [key]: value }))
  const text = (key: keyof AuthSettingsDraft) => ({
    value: draft[key] as string,
    onChange: (e: { target: { value: string } }) => set(key)(e.target.value as never),
    error: errors[key] ? t(errors[key]) : null,
    autoComplete: 'off',
    spellCheck: false,
  })

  const submit = (event: FormEvent) => {
    event.preventDefault()
    setSubmitted(true)
    if (hasErrors(validateAuthSettings(draft))) return
    update.mutate(toAuthSettingsRequest(draft, saved), {
      onSuccess: () => toast.success(t('ToastAuthSettingsSaved')),
      // The server's reason, e.g. password sign-in cannot be turned off while OpenID does not work.
      onError: (error) => toast.error(`${t('ToastAuthSettingsSaveFailed')}: ${errorMessage(error, t)}`),
    })
  }

  const autoPopulate = () => {
    const issuer = draft.issuerUrl.trim()
    if (!issuer) {
      setSubmitted(true)
      return
    }
    discovery.mutate(issuer, {
      onSuccess: (config) => {
        setDraft((d) => withDiscovery(d, config))
        toast.success(t('ToastOpenIdDiscoveryDone'))
      },
      onError: (error) => toast.error(`${t('ToastOpenIdDiscoveryFailed')}: ${errorMessage(error, t)}`),
    })
  }

  const issuerError = submitted && !draft.issuerUrl.trim() ? t('MessageFieldRequiredForOpenId') : null
  return (
    <form onSubmit={submit} noValidate className="flex flex-col gap-6" data-testid="auth-settings-form">
      <section aria-labelledby="auth-password-heading" className={sectionClass}>
        <h2 id="auth-password-heading" className="mb-4 text-lg font-semibold">
          {t('HeaderPasswordAuthentication')}
        </h2>
        <Toggle
          checked={draft.password}
          onChange={set('password')}
          label={t('HeaderPasswordAuthentication')}
          description={t('MessagePasswordAuthHelp')}
          testId="auth-password-toggle"
        />
      </section>

      <section aria-labelledby="auth-openid-heading" className={sectionClass}>
        <h2 id="auth-openid-heading" className="mb-4 text-lg font-semibold">
          {t('HeaderOpenIdAuthentication')}
        </h2>
        <Toggle
          checked={draft.openId}
          onChange={set('openId')}
          label={t('HeaderOpenIdAuthentication')}
          description={t('MessageOpenIdAuthHelp')}
          testId="auth-openid-toggle"
        />
        {draft.openId && (
          <div className="mt-6 grid gap-4 sm:grid-cols-2" data-testid="auth-openid-fields">
            <div className="flex flex-col gap-2 sm:col-span-2 sm:flex-row sm:items-start">
              <TextField
                label={t('LabelIssuerUrl')}
                {...text('issuerUrl')}
                error={errors.issuerUrl ? t(errors.issuerUrl) : issuerError}
                hint={t('MessageIssuerUrlHelp')}
                type="url"
                placeholder="https://auth.example.com"
                className="min-w-0 flex-1"
                data-testid="auth-issuer-url"
              />
              <Button
                variant="secondary"
                onClick={autoPopulate}
                loading={discovery.isPending}
                className="sm:mt-7"
                data-testid="auth-auto-populate"
              >
                {t('ButtonAutoPopulate')}
              </Button>
            </div>
            <TextField label={t('LabelAuthorizeUrl')} {...text('authorizationUrl')} type="url" />
            <TextField label={t('LabelTokenUrl')} {...text('tokenUrl')} type="url" />
            <TextField label={t('LabelUserinfoUrl')} {...text('userInfoUrl')} type="url" />
            <TextField label={t('LabelJwksUrl')} {...text('jwksUrl')} type="url" />
            <TextField
              label={t('LabelLogoutUrl')}
              {...text('logoutUrl')}
              hint={t('MessageLogoutUrlHelp')}
              type="url"
              className="sm:col-span-2"
            />
            <TextField label={t('LabelClientId')} {...text('clientId')} data-testid="auth-client-id" />
            <TextField
              label={t('LabelClientSecret')}
              {...text('clientSecret')}
              type="password"
              autoComplete="new-password"
              onFocus={(e) => e.currentTarget.select()}
              hint={settings.authOpenIDClientSecret ? t('MessageClientSecretKept') : undefined}
              data-testid="auth-client-secret"
            />
            <TextField
              label={t('LabelSigningAlgorithm')}
              {...text('signingAlgorithm')}
              hint={t('MessageSigningAlgorithmHelp')}
            />
            <SelectField
              label={t('LabelSubfolderForRedirectUrls')}
              value={draft.subfolder}
              onChange={(e) => set('subfolder')(e.target.value)}
              options={redirectSubfolders.map((value) => ({ value, label: value || t('LabelNoSubfolder') }))}
              aria-describedby="auth-subfolder-help"
            />
            <p id="auth-subfolder-help" className="-mt-2 text-xs text-muted sm:col-span-2">
              {t('MessageSubfolderForRedirectUrlsHelp')}
            </p>
            <RedirectUriList
              uris={draft.redirectUris}
              errors={errors.redirectUriErrors}
              onChange={set('redirectUris')}
            />
            <TextField
              label={t('LabelButtonText')}
              {...text('buttonText')}
              spellCheck
              data-testid="auth-button-text"
            />
            <SelectField
              label={t('LabelMatchExistingBy')}
              value={draft.matchExistingBy}
              onChange={(e) => set('matchExistingBy')(e.target.value as AuthSettingsDraft['matchExistingBy'])}
              options={[
                { value: '', label: t('LabelDoNotMatch') },
                { value: 'email', label: t('LabelEmail') },
                { value: 'username', label: t('LabelUsername') },
              ]}
              aria-describedby="auth-match-help"
            />
            <p id="auth-match-help" className="-mt-2 text-xs text-muted sm:col-span-2">
              {t('MessageMatchExistingByHelp')}
            </p>
            <div className="flex flex-col gap-3 sm:col-span-2">
              <Toggle
                checked={draft.autoLaunch}
                onChange={set('autoLaunch')}
                label={t('LabelAutoLaunch')}
                description={t('MessageAutoLaunchHelp')}
                testId="auth-auto-launch"
              />
              <Toggle
                checked={draft.autoRegister}
                onChange={set('autoRegister')}
                label={t('LabelAutoRegister')}
                description={t('MessageAutoRegisterHelp')}
                testId="auth-auto-register"
              />
            </div>
            <TextField
              label={t('LabelGroupClaim')}
              {...text('groupClaim')}
              hint={t('MessageGroupClaimHelp')}
              placeholder="groups"
              className="sm:col-span-2"
              data-testid="auth-group-claim"
            />
            <div className="flex min-w-0 flex-col gap-2 sm:col-span-2">
              <TextField
                label={t('LabelAdvancedPermsClaim')}
                {...text('advancedPermsClaim')}
                placeholder="abs_permissions"
                hint={t('MessageAdvancedPermsClaimHelp')}
              />
              <pre className="max-w-full overflow-x-auto rounded-lg border border-border bg-bg p-3 text-xs text-fg">
                {advancedPermsExample}
              </pre>
            </div>
          </div>
        )}
      </section>

      <div className="flex flex-wrap gap-3">
        <Button type="submit" loading={update.isPending} disabled={!dirty} data-testid="auth-save">
          {t('ButtonSave')}
        </Button>
      </div>
    </form>
  )
}
