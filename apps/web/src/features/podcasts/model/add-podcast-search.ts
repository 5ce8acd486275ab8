import type { PodcastTitlesResponse } from '@shelfcast/contracts'
import { podcastSearchRegions } from '@shelfcast/contracts/client'
import { readJson, writeJson } from '@/lib/storage.ts'

export type PodcastSearchRegion = (typeof podcastSearchRegions)[number]
export type PodcastTitle = PodcastTitlesResponse['podcasts'][number]

/** What the Add page's one input asks for: a directory search, or a feed URL to preview at once. */
export type SearchInput = { kind: 'term'; term: string } | { kind: 'feed'; url: string }

/** A typed http(s) URL skips the directory and goes straight to the feed; anything else is a term. */
export function parseSearchInput(text: string): SearchInput | null {
  const value = text.trim()
  if (!value) return null
  if (/^https?:\/\/\S+$/i.test(value)) return { kind: 'feed', url: value }
  return { kind: 'term', term: value }
}

export function isPodcastSearchRegion(value: unknown): value is PodcastSearchRegion {
  return typeof value === 'string' && (podcastSearchRegions as readonly string[]).includes(value)
}

/** localStorage key of the region chosen last, per library ({ [libraryId]: region }). */
export const SEARCH_REGION_STORAGE_KEY = 'podcastSearchRegions'

function storedRegions(): Record<string, unknown> {
  const stored = readJson(SEARCH_REGION_STORAGE_KEY)
  return stored && typeof stored === 'object' && !Array.isArray(stored)
    ? (stored as Record<string, unknown>)
    : {}
}

/**
 * The region the search starts with: the one last chosen for this library on this device, else the
 * library's `podcastSearchRegion`, else 'us'. Unknown codes (old or hand-edited storage) are ignored.
 */
export function initialSearchRegion(
  libraryId: string,
  libraryRegion: string | undefined,
): PodcastSearchRegion {
  const remembered = storedRegions()[libraryId]
  if (isPodcastSearchRegion(remembered)) return remembered
  const fromLibrary = libraryRegion?.toLowerCase()
  return isPodcastSearchRegion(fromLibrary) ? fromLibrary : 'us'
}

export function rememberSearchRegion(libraryId: string, region: PodcastSearchRegion): void {
  writeJson(SEARCH_REGION_STORAGE_KEY, { ...storedRegions(), [libraryId]: region })
}

/** Feed URLs compare without scheme, case, surrounding space or a trailing slash. */
export function sameFeedUrl(a: string | null | undefined, b: string | null | undefined): boolean {
  const normal = (url: string) =>
    url
      .trim()
      .toLowerCase()
      .replace(/^https?:\/\//, '')
      .replace(/\/+$/, '')
  return !!a && !!b && normal(a) === normal(b)
}

/** The library's podcast that a search result or feed already is (same iTunes id or same feed), if any. */
export function podcastInLibrary(
  podcast: { itunesId: string | null; feedUrl: string | null },
  titles: readonly PodcastTitle[],
): PodcastTitle | null {
  const { itunesId, feedUrl } = podcast
  return (
    titles.find((p) => (!!itunesId && p.itunesId === itunesId) || sameFeedUrl(p.feedUrl, feedUrl)) ?? null
  )
}
