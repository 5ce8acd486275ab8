import type { Bookmark } from '@shelfcast/contracts'
import { useEffect, useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, cn, Modal, SelectField, TextField, Toggle } from '@/components/ui/index.ts'
import { formatNumber, formatTimeUnit } from '@/lib/format.ts'
import { secondsToTimestamp } from '@/lib/time-format.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import {
  canCreateBookmark,
  chapterAt,
  customSleepSeconds,
  JUMP_AMOUNTS,
  RATE_STEPS,
  SLEEP_LONG_ADJUST_SEC,
  SLEEP_PRESET_MINUTES,
  sleepModalDecrement,
} from '../model/player-rules.ts'
import { playerController } from '../player-controller.ts'
import { usePlayerStore } from '../player-store.ts'
import { decrementSleepTimer, incrementSleepTimer } from '../sleep-timer.ts'
import { QueueModal } from './QueueModal.tsx'
import { sleepCountdownText } from './sleep-timer-text.ts'

export type PlayerModalName = 'bookmarks' | 'chapters' | 'settings' | 'sleep' | 'queue'

export function PlayerModals({ open, onClose }: { open: PlayerModalName | null; onClose: () => void }) {
  return (
    <>
      {open === 'bookmarks' && <BookmarksModal onClose={onClose} />}
      {open === 'chapters' && <ChaptersModal onClose={onClose} />}
      {open === 'settings' && <PlayerSettingsModal onClose={onClose} />}
      {open === 'sleep' && <SleepTimerModal onClose={onClose} />}
      {open === 'queue' && <QueueModal onClose={onClose} />}
    </>
  )
}

function BookmarksModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const controller = playerController()
  const bookmarks = usePlayerStore((s) => s.bookmarks)
  const currentTime = usePlayerStore((s) => s.currentTime)
  const rate = useUserSettings((s) => s.settings.playbackRate)
  const [creating, setCreating] = useState(false)
  const [newTitle, setNewTitle] = useState('')
  const [editing, setEditing] = useState<number | null>(null)
  const [editTitle, setEditTitle] = useState('')
  const [busy, setBusy] = useState(false)
  const time = Math.floor(currentTime)
  const canCreate = canCreateBookmark(
    bookmarks.map((b) => b.time),
    currentTime,
  )

  const create = async () => {
    setBusy(true)
    await controller.createBookmark(newTitle.trim())
    setBusy(false)
    onClose()
  }
  const save = async (bookmark: Bookmark) => {
    const title = editTitle.trim()
    if (title === bookmark.title || !title) {
      setEditing(null)
      return
    }
    setBusy(true)
    await controller.updateBookmark(bookmark, title)
    setBusy(false)
    setEditing(null)
  }
  const remove = async (bookmark: Bookmark) => {
    setBusy(true)
    await controller.removeBookmark(bookmark)
    setBusy(false)
    onClose()
  }

  return (
    <Modal
      open
      onClose={onClose}
      title={t('HeaderYourBookmarks')}
      closeLabel={t('ButtonClose')}
      width={500}
      processing={busy}
      testId="bookmarks-modal"
    >
      <div className="max-h-[60vh] overflow-y-auto">
        {bookmarks.length === 0 && <p className="py-4 text-center text-muted">{t('MessageNoBookmarks')}</p>}
        <ul>
          {bookmarks.map((bookmark) => (
            <li
              key={bookmark.time}
              className="group flex items-center gap-3 rounded px-2 py-2 hover:bg-surface-raised"
              data-testid="bookmark-row"
            >
              {editing === bookmark.time ? (
                <form
                  className="flex flex-1 items-center gap-2"
                  onSubmit={(event) => {
                    event.preventDefault()
                    void save(bookmark)
                  }}
                >
                  <TextField
                    label={t('LabelNote')}
                    placeholder={t('LabelNote')}
                    value={editTitle}
                    autoFocus
                    onChange={(event) => setEditTitle(event.target.value)}
                    className="flex-1"
                    data-testid="bookmark-edit-input"
                  />
                  <Button type="submit" disabled={busy}>
                    {t('ButtonSave')}
                  </Button>
                </form>
              ) : (
                <>
                  <button
                    type="button"
                    className="flex min-w-0 flex-1 items-center gap-3 text-start"
                    onClick={() => {
                      controller.seek(bookmark.time)
                      onClose()
                    }}
                  >
                    <span className="font-mono text-sm text-muted">
                      {secondsToTimestamp(bookmark.time / rate)}
                    </span>
                    <span className="truncate" data-testid="bookmark-title">
                      {bookmark.title}
                    </span>
                  </button>
                  <button
                    type="button"
                    aria-label={t('ButtonEdit')}
                    className="rounded p-1 opacity-0 group-hover:opacity-100 focus:opacity-100"
                    onClick={() => {
                      setEditing(bookmark.time)
                      setEditTitle(bookmark.title)
                    }}
                    data-testid="bookmark-edit"
                  >
                    ✎
                  </button>
                  <button
                    type="button"
                    aria-label={t('ButtonDelete')}
                    className="rounded p-1 text-error opacity-0 group-hover:opacity-100 focus:opacity-100"
                    onClick={() => void remove(bookmark)}
                    data-testid="bookmark-delete"
                  >
                    ✕
                  </button>
                </>
              )}
            </li>
          ))}
        </ul>
      </div>
      {canCreate && (
        <div className="mt-3 border-t border-border pt-3">
          {creating ? (
            <form
              className="flex items-end gap-2"
              onSubmit={(event) => {
                event.preventDefault()
                void create()
              }}
            >
              <span className="pb-2 font-mono text-sm text-muted">{secondsToTimestamp(time / rate)}</span>
              <TextField
                label={t('LabelNote')}
                placeholder={t('LabelNote')}
                value={newTitle}
                autoFocus
                onChange={(event) => setNewTitle(event.target.value)}
                className="flex-1"
                data-testid="bookmark-new-title"
              />
              <Button type="submit" disabled={busy} data-testid="bookmark-add">
                {t('ButtonAdd')}
              </Button>
            </form>
          ) : (
            <button
              type="button"
              className="flex w-full items-center gap-3 rounded px-2 py-2 hover:bg-surface-raised"
              onClick={() => setCreating(true)}
              data-testid="bookmark-create"
            >
              <span className="font-mono text-sm text-muted">{secondsToTimestamp(time / rate)}</span>
              <span>{t('ButtonCreateBookmark')}</span>
            </button>
          )}
        </div>
      )}
    </Modal>
  )
}

function ChaptersModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const controller = playerController()
  const chapters = usePlayerStore((s) => s.session?.chapters ?? [])
  const currentTime = usePlayerStore((s) => s.currentTime)
  const rate = useUserSettings((s) => s.settings.playbackRate)
  const current = chapterAt(chapters, currentTime)
  const currentRef = useRef<HTMLLIElement>(null)
  useEffect(() => {
    currentRef.current?.scrollIntoView?.({ block: 'center' })
  }, [])
  return (
    <Modal
      open
      onClose={onClose}
      title={t('LabelChapters')}
      closeLabel={t('ButtonClose')}
      width={600}
      testId="chapters-modal"
    >
      <ul className="max-h-[60vh] overflow-y-auto">
        {chapters.map((chapter) => (
          <li key={chapter.id} ref={chapter === current ? currentRef : undefined}>
            <button
              type="button"
              className={cn(
                'flex w-full items-center gap-3 rounded px-2 py-2 text-start hover:bg-surface-raised',
                chapter === current && 'bg-primary/20 font-semibold',
                current && chapter.end <= current.start && 'text-muted',
              )}
              aria-current={chapter === current ? 'true' : undefined}
              onClick={() => {
                controller.seek(chapter.start)
                onClose()
              }}
              data-testid="chapter-row"
            >
              <span className="flex-1 truncate">{chapter.title}</span>
              <span className="font-mono text-xs text-muted">
                {secondsToTimestamp((chapter.end - chapter.start) / rate)}
              </span>
              <span className="w-16 text-end font-mono text-xs text-muted">
                {secondsToTimestamp(chapter.start / rate)}
              </span>
            </button>
          </li>
        ))}
      </ul>
    </Modal>
  )
}

function PlayerSettingsModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const settings = useUserSettings((s) => s.settings)
  const update = useUserSettings((s) => s.update)
  const jumpOptions = JUMP_AMOUNTS.map((value) => {
    const label =
      value <= 60 ? formatTimeUnit(value, 'second', 'long') : formatTimeUnit(value / 60, 'minute', 'long')
    return { value: String(value), label }
  })
  return (
    <Modal
      open
      onClose={onClose}
      title={t('HeaderPlayerSettings')}
      closeLabel={t('ButtonClose')}
      width={500}
      testId="player-settings-modal"
    >
      <div className="flex flex-col gap-4">
        <Toggle
          checked={settings.useChapterTrack}
          onChange={(useChapterTrack) => update({ useChapterTrack })}
          label={t('LabelUseChapterTrack')}
          testId="setting-chapter-track"
        />
        <SelectField
          label={t('LabelJumpForwardAmount')}
          options={jumpOptions}
          value={String(settings.jumpForwardAmount)}
          onChange={(event) => update({ jumpForwardAmount: Number(event.target.value) })}
        />
        <SelectField
          label={t('LabelJumpBackwardAmount')}
          options={jumpOptions}
          value={String(settings.jumpBackwardAmount)}
          onChange={(event) => update({ jumpBackwardAmount: Number(event.target.value) })}
        />
        <SelectField
          label={t('LabelPlaybackRateIncrementDecrement')}
          options={RATE_STEPS.map((value) => ({ value: String(value), label: `${formatNumber(value)}x` }))}
          value={String(settings.playbackRateIncrementDecrement)}
          onChange={(event) => update({ playbackRateIncrementDecrement: Number(event.target.value) })}
        />
      </div>
    </Modal>
  )
}

function SleepTimerModal({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation()
  const controller = playerController()
  const sleepTimer = usePlayerStore((s) => s.sleepTimer)
  const hasChapters = usePlayerStore((s) => (s.session?.chapters.length ?? 0) > 0)
  const [custom, setCustom] = useState('')
  const set = (seconds: number) => {
    controller.setSleepTimer({ type: 'countdown', remaining: seconds })
    onClose()
  }
  const remaining = sleepTimer?.type === 'countdown' ? sleepTimer.remaining : 0
  return (
    <Modal
      open
      onClose={onClose}
      title={t('LabelSleepTimer')}
      closeLabel={t('ButtonClose')}
      width={350}
      testId="sleep-modal"
    >
      {sleepTimer ? (
        <div className="flex flex-col items-center gap-3">
          <p className="text-2xl font-semibold text-warning" data-testid="sleep-remaining">
            {sleepTimer.type === 'chapter' ? t('LabelEndOfChapter') : sleepCountdownText(remaining)}
          </p>
          {sleepTimer.type === 'countdown' && (
            <div className="flex flex-wrap justify-center gap-2">
              {[30, 5].map((minutes) => (
                <Button
                  key={`minus-${minutes}`}
                  variant="secondary"
                  disabled={minutes * 60 === SLEEP_LONG_ADJUST_SEC && remaining < SLEEP_LONG_ADJUST_SEC}
                  onClick={() => decrementSleepTimer(sleepModalDecrement(remaining, minutes * 60))}
                  data-testid={`sleep-minus-${minutes}`}
                >
                  - {formatTimeUnit(minutes, 'minute')}
                </Button>
              ))}
              {[5, 30].map((minutes) => (
                <Button
                  key={`plus-${minutes}`}
                  variant="secondary"
                  onClick={() => incrementSleepTimer(minutes * 60)}
                  data-testid={`sleep-plus-${minutes}`}
                >
                  + {formatTimeUnit(minutes, 'minute')}
                </Button>
              ))}
            </div>
          )}
          <Button variant="danger" onClick={() => controller.setSleepTimer(null)} data-testid="sleep-cancel">
            {t('ButtonCancel')}
          </Button>
        </div>
      ) : (
        <div className="flex flex-col gap-1">
          {SLEEP_PRESET_MINUTES.map((minutes) => (
            <button
              key={minutes}
              type="button"
              className="rounded px-3 py-2 text-start hover:bg-surface-raised"
              onClick={() => set(minutes * 60)}
            >
              {minutes >= 120
                ? formatTimeUnit(minutes / 60, 'hour', 'long')
                : formatTimeUnit(minutes, 'minute', 'long')}
            </button>
          ))}
          {hasChapters && (
            <button
              type="button"
              className="rounded px-3 py-2 text-start hover:bg-surface-raised"
              onClick={() => {
                controller.setSleepTimer({ type: 'chapter' })
                onClose()
              }}
            >
              {t('LabelEndOfChapter')}
            </button>
          )}
          <form
            className="mt-2 flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault()
              const seconds = customSleepSeconds(custom)
              if (seconds === null) setCustom('')
              else set(seconds)
            }}
          >
            <TextField
              type="number"
              min={0.1}
              step="any"
              label={t('LabelCustomSleepMinutes')}
              value={custom}
              onChange={(event) => setCustom(event.target.value)}
              className="flex-1"
            />
            <Button type="submit">{t('ButtonSetTimer')}</Button>
          </form>
        </div>
      )}
    </Modal>
  )
}
