import type { FilesystemResponse } from '@shelfcast/contracts'
import { useEffect, useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Alert, Button, Icon, Spinner, cn } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import type { FolderCache } from '../model/folder-cache.ts'
import { breadcrumbs, levelOf, parentPath } from '../model/folder-cache.ts'

type Listing =
  { status: 'loading' } | { status: 'ready'; data: FilesystemResponse } | { status: 'error'; message: string }

function useFolderListing(cache: FolderCache, path: string): Listing {
  const { t } = useTranslation()
  const [state, setState] = useState<{ path: string; listing: Listing }>({
    path,
    listing: { status: 'loading' },
  })
  useEffect(() => {
    let live = true
    cache.get(path, levelOf(path)).then(
      (data) => live && setState({ path, listing: { status: 'ready', data } }),
      (error: unknown) =>
        live && setState({ path, listing: { status: 'error', message: errorMessage(error, t) } }),
    )
    return () => {
      live = false
    }
  }, [cache, path, t])
  // A listing of the previous folder is not shown for the new one.
  return state.path === path ? state.listing : { status: 'loading' }
}

/**
 * The server folder browser: lists directories (GET /api/filesystem, answers cached 5 s), steps in and
 * up, and takes a typed path too. "Add" hands the path in the path field to the library's folders.
 */
export function FolderBrowser({
  cache,
  chosen,
  onAdd,
}: {
  cache: FolderCache
  /** Folders the library already has: marked in the list, not added twice. */
  chosen: readonly string[]
  onAdd: (path: string) => void
}) {
  const { t } = useTranslation()
  const inputId = useId()
  const [path, setPath] = useState('')
  const [typed, setTyped] = useState('')
  const listing = useFolderListing(cache, path)
  const posix = listing.status === 'ready' ? listing.data.posix : true

  const open = (next: string) => {
    setPath(next)
    setTyped(next)
  }
  const candidate = typed.trim()
  const alreadyChosen = chosen.includes(candidate)

  return (
    <div data-testid="folder-browser" className="rounded-xl border border-border bg-bg">
      {/* Not a <form>: the browser sits inside the library form. Enter in the path field opens the path. */}
      <div className="flex flex-wrap items-end gap-2 border-b border-border p-3">
        <div className="flex min-w-0 flex-1 flex-col gap-1.5">
          <label htmlFor={inputId} className="text-sm font-medium">
            {t('LabelFolderPath')}
          </label>
          <input
            id={inputId}
            value={typed}
            onChange={(e) => setTyped(e.target.value)}
            onKeyDown={(e) => {
              if (e.key !== 'Enter') return
              e.preventDefault()
              if (candidate) open(candidate)
            }}
            placeholder={posix ? '/path/to/audiobooks' : 'C:\\Audiobooks'}
            spellCheck={false}
            autoComplete="off"
            className="h-10 rounded-lg border border-border bg-surface px-3 font-mono text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
          />
        </div>
        <Button variant="secondary" disabled={!candidate} onClick={() => open(candidate)}>
          {t('ButtonOpenFolder')}
        </Button>
        <Button
          onClick={() => onAdd(candidate)}
          disabled={!candidate || alreadyChosen}
          data-testid="folder-browser-add"
        >
          <Icon name="add" className="size-4" />
          {t('ButtonAddFolder')}
        </Button>
      </div>

      <div className="flex items-center gap-1 border-b border-border px-3 py-2 text-sm">
        <button
          type="button"
          onClick={() => open(parentPath(path, posix))}
          disabled={path === ''}
          aria-label={t('ButtonFolderUp')}
          title={t('ButtonFolderUp')}
          className="rounded-md p-1 text-muted transition hover:bg-surface-raised hover:text-fg disabled:opacity-40"
        >
          <Icon name="folderUp" className="size-5" />
        </button>
        <nav aria-label={t('LabelFolderLocation')} className="min-w-0 flex-1 overflow-x-auto">
          <ol className="flex items-center gap-0.5 whitespace-nowrap">
            <li>
              <button
                type="button"
                onClick={() => open('')}
                aria-current={path === '' ? 'location' : undefined}
                className="rounded px-1.5 py-0.5 font-medium text-muted hover:bg-surface-raised hover:text-fg"
              >
                {t('LabelServerFolders')}
              </button>
            </li>
            {breadcrumbs(path, posix).map((crumb, i, all) => (
              <li key={crumb.path} className="flex items-center gap-0.5">
                <Icon name="chevronRight" className="size-3.5 text-muted" />
                <button
                  type="button"
                  onClick={() => open(crumb.path)}
                  aria-current={i === all.length - 1 ? 'location' : undefined}
                  className={cn(
                    'rounded px-1.5 py-0.5 hover:bg-surface-raised',
                    i === all.length - 1 ? 'font-semibold text-fg' : 'text-muted hover:text-fg',
                  )}
                >
                  {crumb.name}
                </button>
              </li>
            ))}
          </ol>
        </nav>
      </div>

      <div className="h-56 overflow-y-auto p-1.5" aria-live="polite" aria-busy={listing.status === 'loading'}>
        {listing.status === 'loading' ? (
          <div className="flex h-full items-center justify-center text-primary">
            <Spinner label={t('MessageLoading')} />
          </div>
        ) : listing.status === 'error' ? (
          <Alert className="m-2">{listing.message}</Alert>
        ) : listing.data.directories.length === 0 ? (
          <p className="px-3 py-6 text-center text-sm text-muted">{t('MessageNoSubfolders')}</p>
        ) : (
          <ul aria-label={t('LabelSubfolders')}>
            {listing.data.directories.map((dir) => (
              <li key={dir.path}>
                <button
                  type="button"
                  onClick={() => open(dir.path)}
                  className="flex w-full items-center gap-2.5 rounded-lg px-2.5 py-1.5 text-start text-sm transition hover:bg-surface-raised focus-visible:bg-surface-raised"
                >
                  <Icon name="folder" className="size-4.5 text-primary" />
                  <span className="min-w-0 flex-1 truncate">{dir.dirname}</span>
                  {chosen.includes(dir.path) && (
                    <Icon name="check" className="size-4 text-success" title={t('LabelFolderAdded')} />
                  )}
                  <Icon name="chevronRight" className="size-4 text-muted" />
                </button>
              </li>
            ))}
          </ul>
        )}
      </div>
    </div>
  )
}
