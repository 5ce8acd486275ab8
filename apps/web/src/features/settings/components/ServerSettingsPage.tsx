import type { ServerSettings } from '@shelfcast/contracts'
import { dateFormats, timeFormats } from '@shelfcast/contracts/client'
import { useState, type FormEvent, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import {
  Button,
  ChipsInput,
  SelectField,
  Tabs,
  TextAreaField,
  TextField,
  Toggle,
} from '@/components/ui/index.ts'
import { MetadataPrecedenceEditor } from '@/features/config-libraries/index.ts'
import { useCoverProviders } from '@/features/item-edit/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { canonicalLanguageCode, languages } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDate, formatTime } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import { LOG_FILTER_LEVELS } from '@/features/logs/index.ts'
import { useUpdateServerSettings, useUpdateSortingPrefixes } from '../api.ts'
import { CachePurgePanel } from './CachePurgePanel.tsx'
import {
  draftFrom,
  prefixesChanged,
  settingsChanges,
  type SettingsDraft,
  type ToggleSetting,
} from '../model/settings-draft.ts'

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

const tabIds = ['general', 'display', 'scanner', 'security', 'web-client', 'experimental'] as const
type TabId = (typeof tabIds)[number]
const tabLabelKeys: Record<TabId, string> = {
  general: 'HeaderSettingsGeneral',
  display: 'HeaderSettingsDisplay',
  scanner: 'HeaderScanner',
  security: 'HeaderSecurity',
  'web-client': 'HeaderSettingsWebClient',
  experimental: 'HeaderSettingsExperimental',
}

/** Label and help keys of each on/off setting. */
const toggleKeys: Record<ToggleSetting, [string, string]> = {
  chromecastEnabled: ['LabelSettingsChromecastSupport', 'LabelSettingsChromecastSupportHelp'],
  storeCoverWithItem: ['LabelSettingsStoreCoversWithItem', 'LabelSettingsStoreCoversWithItemHelp'],
  storeMetadataWithItem: ['LabelSettingsStoreMetadataWithItem', 'LabelSettingsStoreMetadataWithItemHelp'],
  scannerDisableWatcher: ['LabelSettingsWatcherDefault', 'LabelSettingsDisableWatcherHelp'],
  scannerParseSubtitle: ['LabelSettingsParseSubtitles', 'LabelSettingsParseSubtitlesHelp'],
  scannerFindCovers: ['LabelSettingsFindCovers', 'LabelSettingsFindCoversHelp'],
  scannerPreferMatchedMetadata: [
    'LabelSettingsPreferMatchedMetadata',
    'LabelSettingsPreferMatchedMetadataHelp',
  ],
  sortingIgnorePrefix: ['LabelSettingsSortingIgnorePrefixes', 'LabelSettingsSortingIgnorePrefixesHelp'],
  allowIframe: ['LabelSettingsAllowIframe', 'LabelSettingsAllowIframeHelp'],
}

/** /config: every server setting, in the spec's tabs (General, Display, Scanner, Security, Web client, Experimental). */
export function ServerSettingsPage() {
  const settings = useSessionStore((s) => s.serverSettings)
  if (!settings) return null
  // After a save the stored settings equal the draft, so nothing shows as changed.
  return (
    <>
      <ServerSettingsForm settings={settings} />
      <div className="max-w-2xl">
        <CachePurgePanel />
      </div>
    </>
  )
}

function ServerSettingsForm({ settings }: { settings: ServerSettings }) {
  const { t } = useTranslation()
  const update = useUpdateServerSettings()
  const updatePrefixes = useUpdateSortingPrefixes()
  const [tab, setTab] = useState<TabId>('general')
  const [draft, setDraft] = useState<SettingsDraft>(() => draftFrom(settings))
  const changes = settingsChanges(settings, draft)
  const prefixesDirty = prefixesChanged(settings, draft.sortingPrefixes)
  const dirty = Object.keys(changes).length > 0 || prefixesDirty
  // One sample date for the format previews, fixed for the form's life.
  const [now] = useState(() => Date.now())

  const set = <K extends keyof SettingsDraft>(key: K, value: SettingsDraft[K]) =>
    setDraft((d) => ({ ...d, [key]: value }))
  const toggle = (key: ToggleSetting) => (
    <Toggle
      key={key}
      checked={draft[key]}
      onChange={(on) => set(key, on)}
      label={t(toggleKeys[key][0])}
      description={t(toggleKeys[key][1])}
    />
  )

  const submit = async (event: FormEvent) => {
    event.preventDefault()
    if (prefixesDirty && draft.sortingPrefixes.length === 0) {
      toast.error(t('ToastSortingPrefixesEmptyError'))
      return
    }
    try {
      if (Object.keys(changes).length > 0) await update.mutateAsync(changes)
      if (prefixesDirty) {
        const { rowsUpdated } = await updatePrefixes.mutateAsync(draft.sortingPrefixes)
        toast.success(t('ToastSortingPrefixesUpdateSuccess', { count: rowsUpdated }))
      }
      toast.success(t('ToastServerSettingsUpdateSuccess'))
    } catch (failure) {
      toast.error(errorMessage(failure, t))
    }
  }

  const panels: Record<TabId, ReactNode> = {
    general: (
      <>
        <SelectField
          label={t('LabelServerLanguage')}
          value={canonicalLanguageCode(draft.language)}
          options={languages.map((l) => ({ value: l.code, label: l.name }))}
          onChange={(e) => set('language', e.target.value)}
        />
        <Toggle
          checked={draft.homeDetailView}
          onChange={(on) => set('homeDetailView', on)}
          label={t('LabelSettingsHomePageBookshelfView')}
          description={t('LabelSettingsHomeBookshelfViewHelp')}
        />
        {toggle('chromecastEnabled')}
        {toggle('storeCoverWithItem')}
        {toggle('storeMetadataWithItem')}
        {toggle('scannerDisableWatcher')}
        <div>
          <SelectField
            label={t('LabelSettingsLogLevel')}
            value={String(draft.logLevel)}
            options={LOG_FILTER_LEVELS.map((l) => ({ value: String(l.level), label: t(l.labelKey) }))}
            onChange={(e) => set('logLevel', Number(e.target.value))}
          />
          <p className="mt-1 text-xs text-muted">{t('LabelSettingsLogLevelHelp')}</p>
        </div>
        <TextField
          label={t('LabelSettingsDailyLogsToKeep')}
          hint={t('LabelSettingsDailyLogsToKeepHelp')}
          type="number"
          min={1}
          max={365}
          value={draft.loggerDailyLogsToKeep}
          onChange={(e) => set('loggerDailyLogsToKeep', e.target.value)}
        />
      </>
    ),
    display: (
      <>
        <SelectField
          label={t('LabelDateFormat')}
          value={draft.dateFormat}
          options={dateFormats.map((f) => ({
            value: f,
            label: `${dateFormatLabels[f]} — ${formatDate(now, f)}`,
          }))}
          onChange={(e) => set('dateFormat', e.target.value as SettingsDraft['dateFormat'])}
        />
        <SelectField
          label={t('LabelTimeFormat')}
          value={draft.timeFormat}
          options={timeFormats.map((f) => ({ value: f, label: `${f} — ${formatTime(now, f)}` }))}
          onChange={(e) => set('timeFormat', e.target.value as SettingsDraft['timeFormat'])}
        />
        <Toggle
          checked={draft.libraryDetailView}
          onChange={(on) => set('libraryDetailView', on)}
          label={t('LabelSettingsLibraryBookshelfView')}
          description={t('LabelSettingsBookshelfViewHelp')}
        />
      </>
    ),
    scanner: (
      <>
        {toggle('sortingIgnorePrefix')}
        <ChipsInput
          label={t('LabelPrefixesToIgnore')}
          value={draft.sortingPrefixes}
          onChange={(prefixes) => set('sortingPrefixes', prefixes)}
          removeLabel={(prefix) => t('ButtonRemovePrefix', { prefix })}
          testId="sorting-prefixes"
        />
        {toggle('scannerParseSubtitle')}
        {toggle('scannerFindCovers')}
        {draft.scannerFindCovers && (
          <CoverProviderField
            value={draft.scannerCoverProvider}
            onChange={(provider) => set('scannerCoverProvider', provider)}
          />
        )}
        {toggle('scannerPreferMatchedMetadata')}
        <TextField
          label={t('LabelSettingsScannerLogsToKeep')}
          hint={t('LabelSettingsScannerLogsToKeepHelp')}
          type="number"
          min={1}
          max={365}
          value={draft.loggerScannerLogsToKeep}
          onChange={(e) => set('loggerScannerLogsToKeep', e.target.value)}
        />
        <div>
          <MetadataPrecedenceEditor
            value={draft.defaultMetadataPrecedence}
            onChange={(next) => set('defaultMetadataPrecedence', next)}
            testId="default-metadata-precedence"
          />
          <p className="mt-2 text-xs text-muted">{t('LabelDefaultMetadataPrecedenceHelp')}</p>
        </div>
      </>
    ),
    // The server checks the bounds and answers a 400 whose message the toast shows.
    security: (
      <>
        <TextField
          label={t('LabelRateLimitLoginRequests')}
          hint={t('LabelRateLimitDisabledHint')}
          type="number"
          value={draft.rateLimitLoginRequests}
          onChange={(e) => set('rateLimitLoginRequests', e.target.value)}
        />
        <TextField
          label={t('LabelRateLimitLoginWindowMinutes')}
          hint={t('LabelRateLimitDisabledHint')}
          type="number"
          value={draft.rateLimitLoginWindowMinutes}
          onChange={(e) => set('rateLimitLoginWindowMinutes', e.target.value)}
        />
        <TextField
          label={t('LabelAccessTokenExpiryMinutes')}
          hint={t('LabelTokenExpiryHelp')}
          type="number"
          min={1}
          value={draft.accessTokenExpiryMinutes}
          onChange={(e) => set('accessTokenExpiryMinutes', e.target.value)}
        />
        <TextField
          label={t('LabelRefreshTokenExpiryDays')}
          hint={t('LabelTokenExpiryHelp')}
          type="number"
          min={1}
          value={draft.refreshTokenExpiryDays}
          onChange={(e) => set('refreshTokenExpiryDays', e.target.value)}
        />
        <div>
          <ChipsInput
            label={t('LabelAllowedOrigins')}
            value={draft.allowedOrigins}
            onChange={(origins) => set('allowedOrigins', origins)}
            removeLabel={(origin) => t('ButtonRemoveOrigin', { origin })}
            placeholder="https://app.example.org"
          />
          <p className="mt-1 text-xs text-muted">{t('LabelAllowedOriginsHelp')}</p>
        </div>
        <TextAreaField
          label={t('LabelLoginCustomMessage')}
          value={draft.authLoginCustomMessage}
          maxLength={2000}
          onChange={(e) => set('authLoginCustomMessage', e.target.value)}
        />
      </>
    ),
    'web-client': <>{toggle('allowIframe')}</>,
    experimental: <p className="text-sm text-muted">{t('MessageNoExperimentalFeatures')}</p>,
  }

  return (
    <form onSubmit={(e) => void submit(e)} className="max-w-2xl">
      <h1 className="text-2xl font-bold tracking-tight">{t('HeaderSettings')}</h1>
      <p className="mt-1 text-sm text-muted">{t('LabelServerVersion', { version: settings.version })}</p>

      <Tabs
        className="mt-6 overflow-x-auto"
        label={t('HeaderSettings')}
        tabs={tabIds.map((id) => ({ id, label: t(tabLabelKeys[id]) }))}
        value={tab}
        onChange={(id) => setTab(id as TabId)}
      />
      <div
        role="tabpanel"
        aria-label={t(tabLabelKeys[tab])}
        className="mt-4 flex flex-col gap-5 rounded-2xl border border-border bg-surface p-4 sm:p-6"
      >
        {panels[tab]}
      </div>
      <div className="mt-4">
        <Button type="submit" loading={update.isPending || updatePrefixes.isPending} disabled={!dirty}>
          {t('ButtonSave')}
        </Button>
      </div>
    </form>
  )
}

/** The provider "Find covers" searches: the cover search's providers, the stored one kept while they load. */
function CoverProviderField({ value, onChange }: { value: string; onChange: (provider: string) => void }) {
  const { t } = useTranslation()
  const providers = useCoverProviders()
  const options = (providers.data ?? []).map((p) => ({ value: p.value, label: p.text }))
  if (!options.some((o) => o.value === value)) options.unshift({ value, label: value })
  return (
    <SelectField
      label={t('LabelCoverProvider')}
      value={value}
      options={options}
      onChange={(e) => onChange(e.target.value)}
    />
  )
}
