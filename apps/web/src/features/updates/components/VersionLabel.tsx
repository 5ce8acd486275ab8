import { useTranslation } from 'react-i18next'
import { cn } from '@/components/ui/index.ts'
import { openChangelogModal, useVersionNotice } from '@/lib/version-notice.ts'
import { useSessionStore } from '@/lib/session-store.ts'

/**
 * The server version (spec §2): it opens the changelog; when a newer release exists, an "Update" link to it
 * sits beside it. `layout` fits the narrow side rail ('stacked') or a row (the phone's navigation sheet).
 */
export function VersionLabel({
  layout = 'stacked',
  onOpenChangelog,
}: {
  layout?: 'stacked' | 'row'
  /** Called as the changelog opens (the phone's sheet closes, so only one dialog is open). */
  onOpenChangelog?: () => void
}) {
  const { t } = useTranslation()
  const version = useSessionStore((s) => s.serverSettings?.version)
  const update = useVersionNotice((s) => s.update)
  if (!version) return null
  return (
    <div
      className={cn(
        'flex items-center justify-center gap-1',
        layout === 'stacked' ? 'flex-col' : 'flex-row gap-3',
      )}
      data-testid="version-label"
    >
      <button
        type="button"
        onClick={() => {
          onOpenChangelog?.()
          openChangelogModal()
        }}
        aria-label={t('LabelOpenChangelog', { version })}
        aria-haspopup="dialog"
        className="rounded-md px-1.5 py-1 font-mono text-[0.65rem] text-muted transition hover:bg-surface-raised hover:text-fg"
      >
        v{version}
      </button>
      {update && (
        <a
          href={update.url}
          target="_blank"
          rel="noopener noreferrer"
          aria-label={t('LabelUpdateToVersion', { version: update.version })}
          data-testid="version-update-link"
          className="rounded-md px-1.5 py-0.5 text-[0.65rem] font-semibold text-success hover:underline"
        >
          {t('ButtonUpdate')}
        </a>
      )}
    </div>
  )
}
