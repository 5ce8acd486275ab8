import type { AudibleRegion } from '@shelfcast/contracts'
import { audibleRegions } from '@shelfcast/contracts/client'
import { useState, type FormEvent } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Checkbox, Modal, SelectField, TextField } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { secondsToTimestamp } from '@/lib/time-format.ts'
import { toast } from '@/lib/toast-store.ts'
import { useChapterLookup } from '../chapter-lookup-api.ts'
import {
  brandingSeconds,
  foundChapterViews,
  foundRuntime,
  isLookupError,
  rowsFromLookup,
  runtimeDifference,
  runtimesDiffer,
  type FoundChapters,
} from '../model/chapter-lookup.ts'
import type { ChapterRow } from '../model/chapter-rules.ts'

const regionOptions = audibleRegions.map((code) => ({ value: code, label: code.toUpperCase() }))

/**
 * Audiobookshelf's chapter lookup: an ASIN (the book's by default) and an Audible region; Find asks Audnexus
 * through the server and shows what it found in a dialog, whose Apply replaces the editor's rows (saved
 * only by the editor's Save).
 */
export function ChapterLookup({
  bookAsin,
  duration,
  rows,
  onApply,
}: {
  bookAsin: string | null
  duration: number
  rows: readonly ChapterRow[]
  onApply: (rows: ChapterRow[]) => void
}) {
  const { t } = useTranslation()
  const [asin, setAsin] = useState(bookAsin ?? '')
  const [region, setRegion] = useState<AudibleRegion>('us')
  const [found, setFound] = useState<FoundChapters | null>(null)
  const lookup = useChapterLookup()

  const find = async (event: FormEvent) => {
    event.preventDefault()
    const wanted = asin.trim()
    if (!wanted) {
      toast.error(t('ToastAsinRequired'))
      return
    }
    try {
      const answer = await lookup.mutateAsync({ asin: wanted, region })
      if (isLookupError(answer) || answer.chapters.length === 0) toast.error(t('MessageChaptersNotFound'))
      else setFound(answer)
    } catch (error) {
      toast.error(errorMessage(error, t))
    }
  }

  return (
    <>
      <form
        className="flex flex-wrap items-end gap-2"
        onSubmit={(event) => void find(event)}
        aria-label={t('HeaderFindChapters')}
        data-testid="chapter-lookup"
      >
        <TextField
          label={t('LabelASIN')}
          value={asin}
          onChange={(event) => setAsin(event.target.value)}
          className="w-36"
          autoComplete="off"
          spellCheck={false}
          data-testid="chapter-lookup-asin"
        />
        <SelectField
          label={t('LabelRegion')}
          value={region}
          onChange={(event) => setRegion(event.target.value as AudibleRegion)}
          options={regionOptions}
          className="w-20"
          data-testid="chapter-lookup-region"
        />
        <Button
          type="submit"
          variant="secondary"
          loading={lookup.isPending}
          data-testid="chapter-lookup-find"
        >
          {t('ButtonFindChapters')}
        </Button>
      </form>
      {found && (
        <FoundChaptersDialog
          found={found}
          duration={duration}
          hasRows={rows.length > 0}
          onClose={() => setFound(null)}
          onApply={(options) => {
            onApply(rowsFromLookup(found, { ...options, duration, current: rows }))
            setFound(null)
            toast.info(t('MessageChaptersApplied'))
          }}
        />
      )}
    </>
  )
}

/** The found chapters (title, start, length), the runtime against the book's and the apply choices. */
export function FoundChaptersDialog({
  found,
  duration,
  hasRows,
  onClose,
  onApply,
}: {
  found: FoundChapters
  duration: number
  hasRows: boolean
  onClose: () => void
  onApply: (options: { removeBranding: boolean; keepTitles: boolean }) => void
}) {
  const { t } = useTranslation()
  const branding = brandingSeconds(found)
  const hasBranding = branding.intro > 0 || branding.outro > 0
  const [removeBranding, setRemoveBranding] = useState(false)
  const [keepTitles, setKeepTitles] = useState(false)
  const difference = runtimeDifference(found, duration, removeBranding)
  const chapters = foundChapterViews(found, removeBranding)
  // Whole seconds, as shown: a recording a few milliseconds off is an exact match.
  const shownDifference = Math.round(difference)
  const comparison =
    shownDifference === 0
      ? t('LabelDurationComparisonExactMatch')
      : t(shownDifference > 0 ? 'LabelDurationComparisonLonger' : 'LabelDurationComparisonShorter', {
          duration: secondsToTimestamp(Math.abs(shownDifference)),
        })

  return (
    <Modal
      open
      onClose={onClose}
      title={t('HeaderFindChapters')}
      closeLabel={t('ButtonCancel')}
      width={600}
      testId="found-chapters"
      footer={
        <div className="flex justify-end gap-2">
          <Button type="button" variant="ghost" onClick={onClose}>
            {t('ButtonCancel')}
          </Button>
          <Button
            type="button"
            onClick={() => onApply({ removeBranding, keepTitles })}
            data-testid="found-chapters-apply"
            data-autofocus
          >
            {t('ButtonApplyChapters')}
          </Button>
        </div>
      }
    >
      <div className="flex flex-col gap-3 text-sm">
        <dl className="grid grid-cols-[auto_1fr] gap-x-3 gap-y-1">
          <dt className="text-muted">{t('LabelDurationFound')}</dt>
          <dd data-testid="found-chapters-runtime">
            <span className="font-mono">
              {secondsToTimestamp(foundRuntime(found, removeBranding), { alwaysHours: true })}
            </span>{' '}
            <span className={runtimesDiffer(difference) ? 'text-warning' : 'text-muted'}>{comparison}</span>
          </dd>
          <dt className="text-muted">{t('LabelYourAudiobookDuration')}</dt>
          <dd className="font-mono">{secondsToTimestamp(duration, { alwaysHours: true })}</dd>
        </dl>
        {runtimesDiffer(difference) && (
          <Alert tone="warning">
            <span data-testid="found-chapters-warning">{t('MessageChapterRuntimeDiffers')}</span>{' '}
            {t('MessageAsinCheck')}
          </Alert>
        )}
        {hasBranding && (
          <Checkbox
            checked={removeBranding}
            onChange={setRemoveBranding}
            label={t('LabelRemoveAudibleBranding')}
          />
        )}
        {hasRows && (
          <Checkbox checked={keepTitles} onChange={setKeepTitles} label={t('LabelKeepCurrentTitles')} />
        )}
        <p className="text-muted">{t('LabelChaptersFound', { number: chapters.length })}</p>
        <div
          className="max-h-72 overflow-y-auto rounded-lg border border-border"
          // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolled region: focusable so keyboards can scroll it
          tabIndex={0}
          role="region"
          aria-label={t('HeaderChapters')}
        >
          <table className="w-full text-start text-sm">
            <thead className="sticky top-0 bg-surface text-xs text-muted">
              <tr>
                <th scope="col" className="w-8 px-2 py-1.5 text-end">
                  #
                </th>
                <th scope="col" className="px-2 py-1.5">
                  {t('LabelTitle')}
                </th>
                <th scope="col" className="px-2 py-1.5">
                  {t('LabelStart')}
                </th>
                <th scope="col" className="px-2 py-1.5">
                  {t('LabelLength')}
                </th>
              </tr>
            </thead>
            <tbody>
              {chapters.map((chapter, index) => (
                <tr
                  key={index}
                  className={chapter.start >= duration ? 'text-muted line-through' : undefined}
                  data-testid="found-chapter"
                >
                  <td className="px-2 py-1 text-end text-xs text-muted">{index + 1}</td>
                  <td className="px-2 py-1 break-words">{chapter.title}</td>
                  <td className="px-2 py-1 font-mono whitespace-nowrap">
                    {secondsToTimestamp(chapter.start, { alwaysHours: true })}
                  </td>
                  <td className="px-2 py-1 font-mono whitespace-nowrap">
                    {secondsToTimestamp(chapter.length, { alwaysHours: true })}
                  </td>
                </tr>
              ))}
            </tbody>
          </table>
        </div>
      </div>
    </Modal>
  )
}
