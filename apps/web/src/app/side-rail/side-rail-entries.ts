import type { MediaType } from '@shelfcast/contracts'
import type { IconName } from '../../components/ui/index.ts'

export type SideRailEntryId =
  | 'home'
  | 'latest'
  | 'library'
  | 'series'
  | 'collections'
  | 'playlists'
  | 'authors'
  | 'narrators'
  | 'stats'
  | 'add'
  | 'queue'
  | 'issues'

export interface SideRailEntry {
  id: SideRailEntryId
  /** App path (query included for Issues). */
  to: string
  labelKey: string
  icon: IconName
  /** Count shown on the entry (Issues). */
  badge?: number
}

export interface SideRailInput {
  libraryId: string
  mediaType: MediaType
  isAdmin: boolean
  numUserPlaylists: number
  numIssues: number
}

/**
 * The side rail of spec §2 for the current library: Home; Latest (podcasts); Library; Series,
 * Collections, Authors and Narrators (book libraries); Playlists only for users who have some;
 * Stats (admins, book libraries); Add and Download Queue (admins, podcast libraries); Issues only
 * when there are some, with their count.
 */
export function sideRailEntries(input: SideRailInput): SideRailEntry[] {
  const base = `/library/${input.libraryId}`
  const isBook = input.mediaType === 'book'
  const isPodcast = input.mediaType === 'podcast'
  const entries: (SideRailEntry | false)[] = [
    { id: 'home', to: base, labelKey: 'ButtonHome', icon: 'home' },
    isPodcast && { id: 'latest', to: `${base}/podcast/latest`, labelKey: 'ButtonLatest', icon: 'latest' },
    { id: 'library', to: `${base}/bookshelf`, labelKey: 'ButtonLibrary', icon: 'library' },
    isBook && { id: 'series', to: `${base}/bookshelf/series`, labelKey: 'ButtonSeries', icon: 'series' },
    isBook && {
      id: 'collections',
      to: `${base}/bookshelf/collections`,
      labelKey: 'ButtonCollections',
      icon: 'collections',
    },
    input.numUserPlaylists > 0 && {
      id: 'playlists',
      to: `${base}/bookshelf/playlists`,
      labelKey: 'ButtonPlaylists',
      icon: 'playlists',
    },
    isBook && { id: 'authors', to: `${base}/bookshelf/authors`, labelKey: 'ButtonAuthors', icon: 'authors' },
    isBook && { id: 'narrators', to: `${base}/narrators`, labelKey: 'ButtonNarrators', icon: 'narrators' },
    isBook && input.isAdmin && { id: 'stats', to: `${base}/stats`, labelKey: 'ButtonStats', icon: 'stats' },
    isPodcast &&
      input.isAdmin && { id: 'add', to: `${base}/podcast/search`, labelKey: 'ButtonAdd', icon: 'add' },
    isPodcast &&
      input.isAdmin && {
        id: 'queue',
        to: `${base}/podcast/download-queue`,
        labelKey: 'ButtonDownloadQueue',
        icon: 'queue',
      },
    input.numIssues > 0 && {
      id: 'issues',
      to: `${base}/bookshelf?filter=issues`,
      labelKey: 'ButtonIssues',
      icon: 'issues',
      badge: input.numIssues,
    },
  ]
  return entries.filter((entry): entry is SideRailEntry => entry !== false)
}

/** Whether an entry is the page being shown; Library and Issues share a path and differ by filter. */
export function isSideRailEntryActive(entry: SideRailEntry, pathname: string, search: string): boolean {
  const [entryPath] = entry.to.split('?')
  const isIssues = new URLSearchParams(search).get('filter') === 'issues'
  if (entry.id === 'issues') return pathname === entryPath && isIssues
  if (entry.id === 'library') return pathname === entryPath && !isIssues
  // A single series page belongs to Series too.
  if (entry.id === 'series')
    return pathname === entryPath || pathname.startsWith(entry.to.replace(/\/bookshelf\/series$/, '/series/'))
  return pathname === entryPath
}
