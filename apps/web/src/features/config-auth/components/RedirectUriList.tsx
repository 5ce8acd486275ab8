import { useTranslation } from 'react-i18next'
import { Button, IconButton, TextField } from '@/components/ui/index.ts'

/** The mobile redirect URIs the OpenID flow may return to, one field each; `*` alone allows any. */
export function RedirectUriList({
  uris,
  errors,
  onChange,
}: {
  uris: string[]
  /** Locale keys by index. */
  errors: Record<number, string> | undefined
  onChange: (uris: string[]) => void
}) {
  const { t } = useTranslation()
  const set = (index: number, value: string) => onChange(uris.map((uri, i) => (i === index ? value : uri)))
  return (
    <fieldset className="flex flex-col gap-3 sm:col-span-2" data-testid="auth-redirect-uris">
      <legend className="mb-1 text-sm font-medium text-fg">{t('LabelMobileRedirectUris')}</legend>
      <p className="text-xs text-muted">{t('MessageMobileRedirectUrisHelp')}</p>
      {uris.map((uri, index) => (
        <div key={index} className="flex items-start gap-2">
          <TextField
            label={t('LabelRedirectUriNumber', { number: index + 1 })}
            value={uri}
            onChange={(e) => set(index, e.target.value)}
            error={errors?.[index] ? t(errors[index]) : null}
            placeholder="audiobookshelf://oauth"
            autoComplete="off"
            spellCheck={false}
            className="min-w-0 flex-1"
          />
          <IconButton
            icon="trash"
            label={t('ButtonRemove')}
            onClick={() => onChange(uris.filter((_, i) => i !== index))}
            className="mt-7"
          />
        </div>
      ))}
      <div>
        <Button
          variant="secondary"
          onClick={() => onChange([...uris, ''])}
          data-testid="auth-add-redirect-uri"
        >
          {t('ButtonAddRedirectUri')}
        </Button>
      </div>
    </fieldset>
  )
}
