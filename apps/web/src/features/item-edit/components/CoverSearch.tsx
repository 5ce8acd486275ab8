import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, SelectField, TextField } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useCoverProviders, useSearchCovers } from '../api.ts'

/** Search the providers for covers of a title and author; a click on one sets it (through the cover URL call). */
export function CoverSearch({
  title,
  author,
  busy,
  onPick,
}: {
  title: string
  author: string
  busy: boolean
  onPick: (url: string) => void
}) {
  const { t } = useTranslation()
  const providers = useCoverProviders().data ?? []
  const search = useSearchCovers()
  const [provider, setProvider] = useState('')
  const [query, setQuery] = useState({ title, author })
  const shown = provider || providers[0]?.value || 'google'

  const run = () => {
    if (!query.title.trim()) return toast.error(t('ToastTitleRequired'))
    search.mutate(
      { provider: shown, title: query.title.trim(), author: query.author.trim() },
      { onError: (error) => toast.error(`${t('ToastErrorFetchingMetadata')}: ${errorMessage(error, t)}`) },
    )
  }

  return (
    <div className="flex flex-col gap-3" data-testid="cover-search">
      {/* Fields wrap onto more lines rather than push the button out of the dialog (inputs have a wide
          intrinsic width, which a grid of 1fr columns could not shrink below). */}
      <form
        className="flex flex-wrap items-end gap-2"
        data-testid="cover-search-form"
        onSubmit={(event) => {
          event.preventDefault()
          run()
        }}
      >
        <SelectField
          className="w-36 max-w-full shrink-0"
          label={t('LabelProvider')}
          options={
            providers.length
              ? providers.map((p) => ({ value: p.value, label: p.text }))
              : [{ value: shown, label: shown }]
          }
          value={shown}
          onChange={(e) => setProvider(e.target.value)}
        />
        <TextField
          className="min-w-0 flex-[1_1_9rem]"
          label={t('LabelTitle')}
          value={query.title}
          onChange={(e) => setQuery({ ...query, title: e.target.value })}
        />
        <TextField
          className="min-w-0 flex-[1_1_9rem]"
          label={t('LabelAuthor')}
          value={query.author}
          onChange={(e) => setQuery({ ...query, author: e.target.value })}
        />
        <Button
          type="submit"
          variant="secondary"
          className="shrink-0"
          loading={search.isPending}
          data-testid="cover-search-submit"
        >
          {t('ButtonSearch')}
        </Button>
      </form>
      {search.data && search.data.results.length === 0 && (
        <p className="text-sm text-muted">{t('LabelNoResults')}</p>
      )}
      {search.data && search.data.results.length > 0 && (
        <ul
          className="grid max-h-64 grid-cols-4 gap-2 overflow-y-auto sm:grid-cols-6"
          aria-label={t('LabelSearchResults')}
        >
          {search.data.results.map((url) => (
            <li key={url}>
              <button
                type="button"
                disabled={busy}
                onClick={() => onPick(url)}
                className="block w-full overflow-hidden rounded border border-border transition hover:border-primary"
                data-testid="cover-search-result"
              >
                <img
                  src={url}
                  alt=""
                  loading="lazy"
                  referrerPolicy="no-referrer"
                  className="aspect-[2/3] w-full object-cover"
                />
              </button>
            </li>
          ))}
        </ul>
      )}
    </div>
  )
}
