import { dateLocale } from '@/lib/i18n/index.ts'
import { formatNumber } from '@/lib/format.ts'
import type { ServerYearStats, UserYearStats } from '@shelfcast/contracts'
import { fillPath, itemRoutes } from '@shelfcast/contracts/client'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/index.ts'
import { durationLabel } from '@/features/browse/index.ts'
import { useApiClient, type ApiClient } from '@/lib/api/index.ts'
import { toast } from '@/lib/toast-store.ts'
import {
  currentImageTheme,
  renderYearReviewPng,
  shareOrDownloadPng,
  type ReviewImageData,
} from '../model/year-review-image.ts'

type Translate = ReturnType<typeof useTranslation>['t']

const isUserYear = (stats: UserYearStats | ServerYearStats): stats is UserYearStats =>
  'totalListeningSessions' in stats

/** What the image shows: the same figures as the page, in the page's language. */
function reviewImageData(
  stats: UserYearStats | ServerYearStats,
  subtitle: string,
  t: Translate,
  locale: string,
): ReviewImageData {
  const number = (n: number) => formatNumber(n, locale)
  const tiles: [string, string][] = isUserYear(stats)
    ? [
        [t('LabelTotalTimeListened'), durationLabel(stats.totalListeningTime)],
        [t('LabelBooksFinished'), number(stats.numBooksFinished)],
        [t('LabelBooksListened'), number(stats.numBooksListened)],
        [t('LabelListeningSessions'), number(stats.totalListeningSessions)],
      ]
    : [
        [t('LabelTotalTimeListened'), durationLabel(stats.totalListeningTime)],
        [t('LabelListeners'), number(stats.numListeners)],
        [t('LabelListeningSessions'), number(stats.numListeningSessions)],
        [t('LabelBooksAdded'), number(stats.numBooksAdded)],
        [t('LabelBooksFinished'), number(stats.numBooksFinished)],
      ]
  if (stats.longestSession)
    tiles.push([t('LabelLongestSession'), durationLabel(stats.longestSession.timeListening)])
  const month = new Intl.DateTimeFormat(locale, { month: 'short' })
  return {
    title: t('HeaderYearReview', { year: stats.year }),
    subtitle,
    tiles,
    lists: [
      { title: t('HeaderTopAuthors'), lines: stats.topAuthors.map((a) => a.name) },
      { title: t('HeaderTopGenres'), lines: stats.topGenres.map((g) => g.genre) },
      { title: t('HeaderTopNarrators'), lines: stats.topNarrators.map((n) => n.name) },
    ].filter((list) => list.lines.length > 0),
    monthsTitle: t('HeaderListeningPerMonth'),
    months: stats.monthlyListeningTime.map((seconds, i) => ({
      label: month.format(new Date(stats.year, i, 15)),
      value: Math.round(seconds / 60),
    })),
    footer: 'Shelfcast',
  }
}

/** Cover ids for the image: finished books first (the user's), books added (the server's). */
function coverIds(stats: UserYearStats | ServerYearStats): string[] {
  if (isUserYear(stats))
    return (
      stats.finishedBooksWithCovers.length > 0 ? stats.finishedBooksWithCovers : stats.booksWithCovers
    ).slice(0, 6)
  return stats.booksAddedWithCovers.slice(0, 6)
}

/**
 * Covers as ImageBitmaps decoded from bytes fetched from our own origin (connect-src 'self'): an <img> drawn on
 * the canvas could taint it, a bitmap from a blob never does. A cover that fails is left out.
 */
async function loadCovers(api: ApiClient, ids: string[]): Promise<ImageBitmap[]> {
  const results = await Promise.all(
    ids.map(async (id) => {
      try {
        const bytes = await api.request<ArrayBuffer>(fillPath(itemRoutes.cover.path, { id }), {
          query: { width: 400 },
          answer: 'bytes',
        })
        return await createImageBitmap(new Blob([bytes]))
      } catch {
        return null
      }
    }),
  )
  return results.filter((bitmap): bitmap is ImageBitmap => bitmap !== null)
}

/** "Share": draws the review as a PNG in the browser and shares it (or downloads it where sharing files is not possible). */
export function ShareReviewButton({
  stats,
  subtitle,
}: {
  stats: UserYearStats | ServerYearStats
  subtitle: string
}) {
  const { t } = useTranslation()
  const api = useApiClient()
  const [busy, setBusy] = useState(false)

  const onShare = async () => {
    setBusy(true)
    try {
      const covers = await loadCovers(api, coverIds(stats))
      const data = reviewImageData(stats, subtitle, t, dateLocale())
      const blob = await renderYearReviewPng(data, currentImageTheme(), covers)
      covers.forEach((cover) => cover.close())
      const fileName = `year-in-review-${stats.year}.png`
      const { notSupported } = await shareOrDownloadPng(blob, fileName, data.title)
      if (notSupported) toast.info(t('ToastShareNotSupported'))
    } catch {
      toast.error(t('ToastYearReviewImageFailed'))
    } finally {
      setBusy(false)
    }
  }

  return (
    <Button variant="secondary" loading={busy} onClick={() => void onShare()} data-testid="year-share">
      {t('ButtonShare')}
    </Button>
  )
}
