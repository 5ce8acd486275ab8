import type { ServerSettings } from '@shelfcast/contracts'
import { dateFormats, timeFormats } from '@shelfcast/contracts/client'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, SelectField, TextField } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { dateLocale, languages } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDate, formatTime } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import { useUpdateServerSettings } from '../api.ts'
import { changedSettings } from '../model/changed-settings.ts'

type Draft = Pick<ServerSettings, 'language' | 'dateFormat' | 'timeFormat'> & {
  /** Number fields as typed; the server checks them (a partial '-' must stay in the field). */
  rateLimitLoginRequests: string
  rateLimitLoginWindowMinutes: string
}

const MINUTE_MS = 60_000

/** The labels the spec gives the server's date formats. */
const dateFormatLabels: Record<ServerSettings['dateFormat'], string> = {
  'MM/dd/yyyy': 'MM/DD/YYYY',
  'dd/MM/yyyy': 'DD/MM/YYYY',
  'dd.MM.yyyy': 'DD.MM.YYYY',
  'yyyy-MM-dd': 'YYYY-MM-DD',
  'MMM do, yyyy': 'MMM do, yyyy',
  'MMMM do, yyyy': 'MMMM do, yyyy',
  'dd MMM yyyy': 'dd MMM yyyy',
  'dd MMMM yyyy': 'dd MMMM yyyy',
}

/** /config: the server settings this client already uses (default language, date and time formats). */
export function ServerSettingsPage() {
  const settings = useSessionStore((s) => s.serverSettings)
  if (!settings) return null
  // After a save the stored settings equal the draft, so nothing shows as changed.
  return <ServerSettingsForm settings={settings} />
}

function ServerSettingsForm({ settings }: { settings: ServerSettings }) {
  const { t } = useTranslation()
  const update = useUpdateServerSettings()
  const [draft, setDraft] = useState<Draft>({
    language: settings.language,
    dateFormat: settings.dateFormat,
    timeFormat: settings.timeFormat,
    rateLimitLoginRequests: String(settings.rateLimitLoginRequests),
    rateLimitLoginWindowMinutes: String(settings.rateLimitLoginWindow / MINUTE_MS),
  })
  const { rateLimitLoginRequests, rateLimitLoginWindowMinutes, ...choices } = draft
  const changes = changedSettings(settings, {
    ...choices,
    rateLimitLoginRequests: Number(rateLimitLoginRequests),
    // Whole milliseconds; an untouched field keeps the stored value exactly (minutes may not divide it).
    rateLimitLoginWindow:
      rateLimitLoginWindowMinutes === String(settings.rateLimitLoginWindow / MINUTE_MS)
        ? settings.rateLimitLoginWindow
        : Math.round(Number(rateLimitLoginWindowMinutes) * MINUTE_MS),
  })
  // One sample date for the format previews, fixed for the form's life.
  const [now] = useState(() => Date.now())

  const submit = (event: FormEvent) => {
    event.preventDefault()
    if (Object.keys(changes).length === 0) return
    update.mutate(changes, {
      onSuccess: () => toast.success(t('ToastServerSettingsUpdateSuccess')),
      onError: (failure) => toast.error(errorMessage(failure, t)),
    })
  }

  return (
    <form onSubmit={submit} className="max-w-xl">
      <h1 className="text-2xl font-bold tracking-tight">{t('HeaderSettings')}</h1>
      <p className="mt-1 text-sm text-muted">{t('LabelServerVersion', { version: settings.version })}</p>

      <div className="mt-8 flex flex-col gap-5 rounded-2xl border border-border bg-surface p-6">
        <SelectField
          label={t('LabelServerLanguage')}
          value={draft.language}
          options={languages.map((l) => ({ value: l.code, label: l.name }))}
          onChange={(e) => setDraft({ ...draft, language: e.target.value })}
        />
        <SelectField
          label={t('LabelDateFormat')}
          value={draft.dateFormat}
          options={dateFormats.map((f) => ({
            value: f,
            label: `${dateFormatLabels[f]} — ${formatDate(now, f, dateLocale())}`,
          }))}
          onChange={(e) => setDraft({ ...draft, dateFormat: e.target.value as Draft['dateFormat'] })}
        />
        <SelectField
          label={t('LabelTimeFormat')}
          value={draft.timeFormat}
          options={timeFormats.map((f) => ({ value: f, label: `${f} — ${formatTime(now, f)}` }))}
          onChange={(e) => setDraft({ ...draft, timeFormat: e.target.value as Draft['timeFormat'] })}
        />
        {/* The server checks the bounds and answers a 400 whose message the toast shows. */}
        <h2 className="text-lg font-semibold">{t('HeaderSecurity')}</h2>
        <TextField
          label={t('LabelRateLimitLoginRequests')}
          hint={t('LabelRateLimitDisabledHint')}
          type="number"
          value={draft.rateLimitLoginRequests}
          onChange={(e) => setDraft({ ...draft, rateLimitLoginRequests: e.target.value })}
        />
        <TextField
          label={t('LabelRateLimitLoginWindowMinutes')}
          hint={t('LabelRateLimitDisabledHint')}
          type="number"
          value={draft.rateLimitLoginWindowMinutes}
          onChange={(e) => setDraft({ ...draft, rateLimitLoginWindowMinutes: e.target.value })}
        />
        <div>
          <Button type="submit" loading={update.isPending} disabled={Object.keys(changes).length === 0}>
            {t('ButtonSave')}
          </Button>
        </div>
      </div>
    </form>
  )
}
