import type { BookMatch } from '@shelfcast/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, SelectField, TextField } from '@/components/ui/index.ts'
import { useLibraries } from '@/features/libraries/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { setEditModalTab } from '@/lib/item-edit-modal.ts'
import { toast } from '@/lib/toast-store.ts'
import {
  useBookProviders,
  useChangeCover,
  useSearchBooks,
  useUpdateMedia,
  type EditableBook,
} from '../api.ts'
import { MatchReview } from './MatchReview.tsx'

/** Search a metadata provider for the book, pick a result, then choose which of its fields to apply. */
export function MatchTab({ item }: { item: EditableBook }) {
  const { t } = useTranslation()
  const book = item.media
  const libraryProvider = useLibraries().data?.find((l) => l.id === item.libraryId)?.provider
  const providers = useBookProviders()
  const [provider, setProvider] = useState<string | null>(null)
  const [title, setTitle] = useState(book.metadata.title ?? '')
  const [author, setAuthor] = useState(book.metadata.authorName)
  const [chosen, setChosen] = useState<BookMatch | null>(null)
  const search = useSearchBooks(item.id)
  const update = useUpdateMedia(item.id)
  const cover = useChangeCover(item.id)
  const options = (providers.data ?? []).map((p) => ({ value: p.value, label: p.text }))
  const shownProvider = provider ?? libraryProvider ?? options[0]?.value ?? 'google'

  const runSearch = async () => {
    if (!title.trim()) {
      toast.error(t('ToastTitleRequired'))
      return
    }
    setChosen(null)
    try {
      await search.mutateAsync({ provider: shownProvider, title: title.trim(), author: author.trim() })
    } catch (error) {
      console.error('[item-edit] provider search failed', error)
      toast.error(errorMessage(error, t, 'ToastErrorFetchingMetadata'))
    }
  }

  const apply = async (changes: {
    body: Parameters<typeof update.mutateAsync>[0] | null
    coverUrl: string | null
  }) => {
    try {
      if (changes.body) await update.mutateAsync(changes.body)
      if (changes.coverUrl) await cover.mutateAsync({ kind: 'url', url: changes.coverUrl })
      toast.success(t('ToastItemUpdated'))
      setEditModalTab('details')
    } catch (error) {
      console.error('[item-edit] applying a match failed', error)
      toast.error(`${t('ToastFailedToUpdate')}: ${errorMessage(error, t)}`)
    }
  }

  if (chosen) {
    return (
      <MatchReview
        match={chosen}
        book={book}
        saving={update.isPending || cover.isPending}
        onBack={() => setChosen(null)}
        onApply={(changes) => void apply(changes)}
      />
    )
  }

  const results = search.data
  return (
    <div className="flex flex-col gap-4" data-testid="edit-match">
      <form
        className="grid items-end gap-3 sm:grid-cols-[10rem_1fr_1fr_auto]"
        onSubmit={(event) => {
          event.preventDefault()
          void runSearch()
        }}
      >
        <SelectField
          label={t('LabelProvider')}
          options={options.length > 0 ? options : [{ value: shownProvider, label: shownProvider }]}
          value={shownProvider}
          onChange={(e) => setProvider(e.target.value)}
        />
        <TextField
          label={t('LabelTitle')}
          value={title}
          onChange={(e) => setTitle(e.target.value)}
          data-testid="match-title"
        />
        <TextField label={t('LabelAuthor')} value={author} onChange={(e) => setAuthor(e.target.value)} />
        <Button type="submit" loading={search.isPending} data-testid="match-search">
          {t('ButtonSearch')}
        </Button>
      </form>
      {results && results.length === 0 && (
        <p className="py-6 text-center text-sm text-muted">{t('LabelNoResults')}</p>
      )}
      {results && results.length > 0 && (
        <ul className="flex flex-col gap-2" aria-label={t('LabelSearchResults')}>
          {results.map((match, index) => (
            <li key={`${match.title}-${index}`}>
              <button
                type="button"
                onClick={() => setChosen(match)}
                className="flex w-full items-start gap-3 rounded-xl border border-border bg-surface-raised/40 p-2 text-start transition hover:border-primary"
                data-testid="match-result"
              >
                {match.cover ? (
                  <img
                    src={match.cover}
                    alt=""
                    loading="lazy"
                    className="h-20 w-14 shrink-0 rounded object-cover"
                  />
                ) : (
                  <span className="h-20 w-14 shrink-0 rounded bg-surface-raised" />
                )}
                <span className="min-w-0 text-sm">
                  <span className="block font-semibold text-fg">{match.title}</span>
                  {match.subtitle && <span className="block text-muted">{match.subtitle}</span>}
                  {match.author && <span className="block text-muted">{match.author}</span>}
                  <span className="block text-xs text-muted">
                    {[
                      match.publishedYear,
                      ...match.series.map((s) => (s.sequence ? `${s.series} #${s.sequence}` : s.series)),
                    ]
                      .filter(Boolean)
                      .join(' · ')}
                  </span>
                </span>
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
