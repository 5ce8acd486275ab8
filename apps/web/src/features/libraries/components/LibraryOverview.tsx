import { useTranslation } from 'react-i18next'
import { Alert, LoadingBox } from '@/components/ui/index.ts'
import { isApiError } from '@/lib/api/index.ts'
import { useLibraryDetail } from '../api.ts'
import { useCurrentLibrary } from '../hooks/useCurrentLibrary.ts'
import { LibraryIcon } from './LibraryIcon.tsx'
import { formatNumber } from '@/lib/format.ts'

/** A library's home: what it holds, from its filter data. */
export function LibraryOverview() {
  const { t } = useTranslation()
  const { current } = useCurrentLibrary()
  const detail = useLibraryDetail(current?.id ?? null)

  if (!current || detail.isPending) return <LoadingBox message={t('MessageLoading')} />
  if (detail.isError) {
    const message = isApiError(detail.error) && detail.error.kind === 'http' && detail.error.message
    return (
      <div className="p-8">
        <Alert>{message || t('ToastFailedToLoadData')}</Alert>
      </div>
    )
  }

  const { filterdata, issues } = detail.data
  const stats =
    current.mediaType === 'book'
      ? [
          { label: t('LabelBooks'), value: filterdata.bookCount },
          { label: t('LabelAuthors'), value: filterdata.authorCount },
          { label: t('LabelSeries'), value: filterdata.seriesCount },
        ]
      : [{ label: t('LabelPodcasts'), value: filterdata.podcastCount }]

  return (
    <div className="mx-auto max-w-5xl px-6 py-10 md:px-10">
      <header className="flex items-center gap-4">
        <div className="flex size-14 items-center justify-center rounded-2xl bg-primary/15 text-primary">
          <LibraryIcon icon={current.icon} className="size-7" />
        </div>
        <div>
          <h1 className="text-3xl font-bold tracking-tight">{current.name}</h1>
          <p className="text-sm text-muted">
            {current.mediaType === 'book' ? t('LabelBookLibrary') : t('LabelPodcastLibrary')}
          </p>
        </div>
      </header>

      <dl className="mt-10 grid grid-cols-2 gap-4 sm:grid-cols-4">
        {stats.map((stat) => (
          <div key={stat.label} className="rounded-2xl border border-border bg-surface p-5">
            <dt className="text-xs font-semibold uppercase tracking-wide text-muted">{stat.label}</dt>
            <dd className="mt-2 text-3xl font-bold tabular-nums">{formatNumber(stat.value)}</dd>
          </div>
        ))}
        {issues > 0 && (
          <div className="rounded-2xl border border-error/40 bg-error/10 p-5">
            <dt className="text-xs font-semibold uppercase tracking-wide text-error">{t('ButtonIssues')}</dt>
            <dd className="mt-2 text-3xl font-bold tabular-nums text-error">{formatNumber(issues)}</dd>
          </div>
        )}
      </dl>

      <section className="mt-10">
        <h2 className="text-sm font-semibold uppercase tracking-wide text-muted">{t('LabelFolders')}</h2>
        <ul className="mt-3 divide-y divide-border rounded-2xl border border-border bg-surface">
          {current.folders.map((folder) => (
            <li key={folder.id} className="px-5 py-3 font-mono text-sm break-all">
              {folder.fullPath}
            </li>
          ))}
        </ul>
      </section>
    </div>
  )
}
