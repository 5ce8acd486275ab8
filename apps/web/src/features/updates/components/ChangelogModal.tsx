import { useTranslation } from 'react-i18next'
import { Modal } from '@/components/ui/index.ts'
import { closeChangelogModal, useVersionNotice } from '@/lib/version-notice.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { formatDate } from '@/lib/time-format.ts'
import { useVersionData } from '../use-version-data.ts'

/**
 * Spec §2's changelog (800 wide): the releases of the running major.minor up to the running version, each with
 * its name, date and notes. Notes are shown as plain text (never as HTML), keeping their line breaks.
 */
export function ChangelogModal() {
  const { t } = useTranslation()
  const open = useVersionNotice((s) => s.changelogOpen)
  const dateFormat = useSessionStore((s) => s.serverSettings?.dateFormat ?? 'MM/dd/yyyy')
  const releases = useVersionData()?.releasesToShow ?? []
  return (
    <Modal
      open={open}
      onClose={closeChangelogModal}
      title={t('HeaderChangelog')}
      closeLabel={t('ButtonClose')}
      width={800}
      testId="changelog-modal"
    >
      {releases.length === 0 ? (
        <p className="text-sm text-muted">{t('MessageNoChangelogAvailable')}</p>
      ) : (
        <ol className="flex flex-col gap-6">
          {releases.map((release) => {
            const published = release.pubdate ? Date.parse(release.pubdate) : NaN
            return (
              <li key={release.version} data-testid="changelog-release" data-version={release.version}>
                <div className="flex flex-wrap items-baseline justify-between gap-x-4 gap-y-1">
                  <h3 className="text-base font-semibold text-fg">{release.name}</h3>
                  {!Number.isNaN(published) && (
                    <time dateTime={release.pubdate ?? undefined} className="text-sm text-muted">
                      {formatDate(published, dateFormat)}
                    </time>
                  )}
                </div>
                <p dir="auto" className="mt-2 text-sm break-words whitespace-pre-wrap text-fg">
                  {release.changelog.trim() || t('MessageNoChangelogAvailable')}
                </p>
              </li>
            )
          })}
        </ol>
      )}
    </Modal>
  )
}
