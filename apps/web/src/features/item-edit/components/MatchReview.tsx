import type { Book, BookMatch } from '@shelfcast/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox, Icon } from '@/components/ui/index.ts'
import { formFromBook } from '../model/details-form.ts'
import { matchUpdate, matchValueText, offeredFields, type MatchField } from '../model/match-fields.ts'
import { TabActions } from './TabActions.tsx'

const fieldLabelKeys: Record<MatchField, string> = {
  cover: 'LabelCover',
  title: 'LabelTitle',
  subtitle: 'LabelSubtitle',
  authors: 'LabelAuthors',
  narrators: 'LabelNarrators',
  description: 'LabelDescription',
  publisher: 'LabelPublisher',
  publishedYear: 'LabelPublishYear',
  series: 'LabelSeries',
  genres: 'LabelGenres',
  tags: 'LabelTags',
  language: 'LabelLanguage',
  isbn: 'LabelISBN',
  asin: 'LabelASIN',
}

/** The book's value of a field as text, shown under the match's so the choice is informed. */
function currentText(book: Book, field: MatchField): string {
  const form = formFromBook(book)
  switch (field) {
    case 'cover':
      return book.coverPath ? '✓' : ''
    case 'authors':
      return form.authors.map((a) => a.name).join(', ')
    case 'series':
      return form.series.map((s) => (s.sequence ? `${s.name} #${s.sequence}` : s.name)).join(', ')
    case 'narrators':
    case 'genres':
    case 'tags':
      return form[field].join(', ')
    default:
      return form[field]
  }
}

/** One match, field by field with a box each (all ticked at first); Update applies the ticked ones. */
export function MatchReview({
  match,
  book,
  saving,
  onBack,
  onApply,
}: {
  match: BookMatch
  book: Book
  saving: boolean
  onBack: () => void
  onApply: (changes: ReturnType<typeof matchUpdate>) => void
}) {
  const { t } = useTranslation()
  const offered = offeredFields(match)
  const [ticked, setTicked] = useState<ReadonlySet<MatchField>>(() => new Set(offered))
  const toggle = (field: MatchField, on: boolean) =>
    setTicked((set) => {
      const next = new Set(set)
      if (on) next.add(field)
      else next.delete(field)
      return next
    })

  return (
    <div className="flex flex-col gap-3" data-testid="match-review">
      <div>
        <Button type="button" variant="ghost" onClick={onBack}>
          <Icon name="chevronLeft" className="size-4" />
          {t('ButtonBack')}
        </Button>
      </div>
      <ul className="flex flex-col gap-3">
        {offered.map((field) => (
          <li key={field} className="flex items-start gap-3 rounded-lg border border-border p-3">
            <Checkbox
              className="mt-0.5"
              checked={ticked.has(field)}
              onChange={(on) => toggle(field, on)}
              label={<span className="font-medium">{t(fieldLabelKeys[field])}</span>}
            />
            <div className="min-w-0 flex-1 text-sm">
              {field === 'cover' ? (
                <img src={match.cover ?? ''} alt="" className="h-28 rounded object-cover" />
              ) : (
                <p dir="auto" className="line-clamp-4 break-words whitespace-pre-line text-fg">
                  {matchValueText(match, field)}
                </p>
              )}
              {field !== 'cover' && currentText(book, field) && (
                <p className="mt-1 truncate text-xs text-muted">
                  {t('LabelCurrently')} {currentText(book, field)}
                </p>
              )}
            </div>
          </li>
        ))}
      </ul>
      <TabActions>
        <Button
          type="button"
          loading={saving}
          disabled={ticked.size === 0}
          onClick={() => onApply(matchUpdate(match, ticked))}
          data-testid="match-apply"
        >
          {t('ButtonUpdate')}
        </Button>
      </TabActions>
    </div>
  )
}
