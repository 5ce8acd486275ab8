import type { PublicSharePage } from '@shelfcast/contracts'
import { limits } from '@shelfcast/contracts/client'
import { useEffect, useMemo, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { CoverImage, Icon, LoadingBox, Logo, cn, coverAspectRatio } from '@/components/ui/index.ts'
import { isApiError } from '@/lib/api/index.ts'
import { formatNumber } from '@/lib/format.ts'
import { secondsToTimestamp } from '@/lib/time-format.ts'
import { usePublicShare, usePublicShareUrls } from '../api.ts'
import { useShareAudio } from '../hooks/useShareAudio.ts'
import type { ShareAudioEngine, ShareAudioState } from '../model/share-audio-engine.ts'
import { useShareHotkeys } from '../hooks/useShareHotkeys.ts'
import { chapterIndexAt, nextChapterTime, previousChapterTime } from '../model/share-playback.ts'
import { ShareGlyph, type ShareGlyphName } from './ShareGlyph.tsx'

/** Seconds the jump buttons and the arrow keys move (the signed-in player's default amounts). */
const JUMP_SECONDS = 10
const COVER_WIDTH = 240

/**
 * /share/:slug, the public page of a shared book (spec §2): no account, no token. Cover, title, author and a
 * player of its own; a share that is gone (expired, deleted, unknown) reads as such.
 */
export function SharePage() {
  const { t } = useTranslation()
  const { slug = '' } = useParams()
  const share = usePublicShare(slug)

  if (share.isPending) return <LoadingBox message={t('MessageLoading')} className="min-h-dvh" />
  if (share.isError) {
    const gone = isApiError(share.error) && (share.error.status === 404 || share.error.status === 400)
    return gone ? <ShareNotFound /> : <ShareLoadError onRetry={() => void share.refetch()} />
  }
  return <SharedBook slug={slug} share={share.data} onGone={() => void share.refetch()} />
}

function ShareNotFound() {
  const { t } = useTranslation()
  useEffect(() => {
    document.title = t('HeaderShareNotFound')
  }, [t])
  return (
    <main
      className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center"
      data-testid="share-not-found"
    >
      <Logo />
      <h1 className="text-xl font-semibold text-fg">{t('HeaderShareNotFound')}</h1>
      <p className="max-w-sm text-muted">{t('MessageShareNotFound')}</p>
    </main>
  )
}

function ShareLoadError({ onRetry }: { onRetry: () => void }) {
  const { t } = useTranslation()
  return (
    <main className="flex min-h-dvh flex-col items-center justify-center gap-3 p-6 text-center">
      <p className="text-muted">{t('ToastFailedToLoadData')}</p>
      <button type="button" onClick={onRetry} className="rounded-lg border border-border px-4 py-2 text-fg">
        {t('ButtonRetry')}
      </button>
    </main>
  )
}

function SharedBook({ slug, share, onGone }: { slug: string; share: PublicSharePage; onGone: () => void }) {
  const { t } = useTranslation()
  const session = share.playbackSession
  const urls = usePublicShareUrls(slug)
  const tracks = useMemo(
    () =>
      session.audioTracks.map((track) => ({
        startOffset: track.startOffset,
        duration: track.duration,
        url: urls.track(track.index),
      })),
    [session.audioTracks, urls],
  )
  const { engine, state, container } = useShareAudio({
    tracks,
    duration: session.duration,
    startTime: session.startTime,
    sendProgress: urls.sendProgress,
    sendProgressOnLeave: urls.sendProgressOnLeave,
    onError: onGone,
  })
  useShareHotkeys(engine, JUMP_SECONDS)
  useEffect(() => {
    document.title = session.displayTitle
  }, [session.displayTitle])

  return (
    <main
      className="mx-auto flex min-h-dvh w-full max-w-xl flex-col items-center gap-5 px-4 py-8"
      data-testid="share-page"
    >
      <CoverImage
        src={session.coverUrl ? urls.cover : null}
        title={session.displayTitle}
        author={session.displayAuthor}
        aspectRatio={coverAspectRatio(false)}
        width={COVER_WIDTH}
        invalidLabel={t('LabelInvalidCover')}
        loading="eager"
        fetchPriority="high"
        className="max-w-[70vw] shadow-lg"
      />
      <div className="text-center">
        <h1 className="text-xl font-semibold text-fg" data-testid="share-title">
          {session.displayTitle}
        </h1>
        {session.displayAuthor && (
          <p className="mt-1 text-muted" data-testid="share-author">
            {session.displayAuthor}
          </p>
        )}
      </div>
      <div ref={container} hidden />
      {engine && (
        <SharePlayer engine={engine} state={state} duration={session.duration} chapters={session.chapters} />
      )}
      {share.isDownloadable && (
        <a
          href={urls.download}
          download
          className="inline-flex items-center gap-2 rounded-lg border border-border bg-surface-raised px-4 py-2 text-sm text-fg hover:border-muted"
          data-testid="share-download"
        >
          <Icon name="download" className="size-4" />
          {t('ButtonDownload')}
        </a>
      )}
    </main>
  )
}

function SharePlayer({
  engine,
  state,
  duration,
  chapters,
}: {
  engine: ShareAudioEngine
  state: ShareAudioState
  duration: number
  chapters: PublicSharePage['playbackSession']['chapters']
}) {
  const { t } = useTranslation()
  const [showChapters, setShowChapters] = useState(false)
  const chapterIndex = chapterIndexAt(chapters, state.time)
  const chapter = chapters[chapterIndex]
  const next = nextChapterTime(chapters, state.time)

  return (
    <section className="flex w-full flex-col gap-3" aria-label={t('LabelPlayer')} data-testid="share-player">
      {chapter && (
        <p className="text-center text-sm text-muted" data-testid="share-current-chapter">
          {chapter.title}
        </p>
      )}
      {/* The timeline and the media controls run left to right in every language (platform media players do). */}
      <input
        type="range"
        dir="ltr"
        min={0}
        max={Math.max(duration, 0)}
        step={1}
        value={Math.min(state.time, duration)}
        onChange={(event) => engine.seek(Number(event.target.value))}
        aria-label={t('LabelSeekTrack')}
        aria-valuetext={t('LabelSeekPosition', {
          current: secondsToTimestamp(state.time),
          total: secondsToTimestamp(duration),
        })}
        className="w-full accent-primary"
        data-testid="share-seek"
      />
      <div dir="ltr" className="flex justify-between text-xs text-muted tabular-nums">
        <span data-testid="share-current-time">{secondsToTimestamp(state.time)}</span>
        <span data-testid="share-duration">{secondsToTimestamp(duration)}</span>
      </div>
      <div dir="ltr" className="flex items-center justify-center gap-2 sm:gap-4">
        <ControlButton
          glyph="prev"
          label={t('ButtonPreviousChapter')}
          onClick={() => engine.seek(previousChapterTime(chapters, state.time))}
          disabled={chapters.length === 0}
          testId="share-previous-chapter"
        />
        <ControlButton
          glyph="back"
          label={t('ButtonJumpBackward')}
          onClick={() => engine.jump(-JUMP_SECONDS)}
          testId="share-jump-back"
        />
        <button
          type="button"
          onClick={engine.togglePlay}
          aria-label={state.playing ? t('ButtonPause') : t('ButtonPlay')}
          className="flex size-16 items-center justify-center rounded-full bg-primary text-primary-fg shadow hover:brightness-110"
          data-testid="share-play-pause"
          data-state={state.playing ? 'playing' : 'paused'}
        >
          <ShareGlyph name={state.playing ? 'pause' : 'play'} className="size-7" />
        </button>
        <ControlButton
          glyph="forward"
          label={t('ButtonJumpForward')}
          onClick={() => engine.jump(JUMP_SECONDS)}
          testId="share-jump-forward"
        />
        <ControlButton
          glyph="next"
          label={t('ButtonNextChapter')}
          onClick={() => next !== null && engine.seek(next)}
          disabled={next === null}
          testId="share-next-chapter"
        />
      </div>
      <div className="flex flex-wrap items-center justify-center gap-3">
        <label className="flex items-center gap-2 text-sm text-muted">
          {t('LabelPlaybackSpeed')}
          <select
            value={String(state.rate)}
            onChange={(event) => engine.setRate(Number(event.target.value))}
            className="h-9 rounded-lg border border-border bg-bg px-2 text-fg"
            data-testid="share-speed"
          >
            {speedOptions(state.rate).map((rate) => (
              <option key={rate} value={String(rate)}>
                {`${formatNumber(rate)}x`}
              </option>
            ))}
          </select>
        </label>
        {chapters.length > 0 && (
          <button
            type="button"
            onClick={() => setShowChapters((v) => !v)}
            aria-expanded={showChapters}
            className="inline-flex h-9 items-center gap-2 rounded-lg border border-border px-3 text-sm text-fg hover:border-muted"
            data-testid="share-chapters-toggle"
          >
            <ShareGlyph name="chapters" className="size-4" />
            {t('LabelChapters')}
          </button>
        )}
      </div>
      {showChapters && (
        <ol className="max-h-96 overflow-y-auto rounded-lg border border-border" data-testid="share-chapters">
          {chapters.map((c, i) => (
            <li key={c.id}>
              <button
                type="button"
                onClick={() => engine.seek(c.start)}
                aria-current={i === chapterIndex ? 'true' : undefined}
                className={cn(
                  'flex w-full justify-between gap-4 px-3 py-2 text-start text-sm hover:bg-surface-raised',
                  i === chapterIndex ? 'font-semibold text-primary' : 'text-fg',
                )}
              >
                <span className="min-w-0 truncate">{c.title}</span>
                <span className="text-muted tabular-nums">{secondsToTimestamp(c.start)}</span>
              </button>
            </li>
          ))}
        </ol>
      )}
    </section>
  )
}

/** The presets of §9 with the current rate among them. */
function speedOptions(current: number): number[] {
  const presets: number[] = [...limits.playbackRatePresets]
  return presets.includes(current) ? presets : [...presets, current].sort((a, b) => a - b)
}

function ControlButton({
  glyph,
  label,
  onClick,
  disabled,
  testId,
}: {
  glyph: ShareGlyphName
  label: string
  onClick: () => void
  disabled?: boolean
  testId: string
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className="rounded-full p-2 text-fg hover:bg-surface-raised disabled:opacity-40"
      data-testid={testId}
    >
      <ShareGlyph name={glyph} className="size-6" />
    </button>
  )
}
