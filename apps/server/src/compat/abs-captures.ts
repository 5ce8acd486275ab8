import fs from 'node:fs'
import path from 'node:path'
import { fileURLToPath } from 'node:url'

/** One captured Audiobookshelf exchange (`fixtures/abs-responses/*.json`). */
export interface AbsCapture {
  name: string
  call: string
  request: { method: string; path: string; headers: Record<string, string>; body?: unknown }
  response: { status: number; headers: Record<string, string>; body: unknown }
  notes?: string[]
}

export const CAPTURES_DIR = path.resolve(
  path.dirname(fileURLToPath(import.meta.url)),
  '../../../../fixtures/abs-responses',
)

export function loadCaptures(dir = CAPTURES_DIR): Map<string, AbsCapture> {
  const out = new Map<string, AbsCapture>()
  for (const file of fs
    .readdirSync(dir)
    .filter((f) => f.endsWith('.json'))
    .sort()) {
    const name = file.replace(/\.json$/, '')
    out.set(name, {
      name,
      ...(JSON.parse(fs.readFileSync(path.join(dir, file), 'utf8')) as Omit<AbsCapture, 'name'>),
    })
  }
  return out
}

/** Something in an answer that names an entity we can find in our own library by title or name. */
export interface NamedEntity {
  kind: 'item' | 'media' | 'episode' | 'author' | 'series'
  id: string
  name: string
}

const isObject = (v: unknown): v is Record<string, unknown> =>
  typeof v === 'object' && v !== null && !Array.isArray(v)

/**
 * Every item, media, episode, author and series a captured JSON mentions, with the title or name it can be
 * matched by: items and media by their metadata title, episodes by title, authors and series (in any
 * `authors` / `series` list or object) by name.
 */
export function namedEntities(value: unknown, out: NamedEntity[] = [], parentKey = ''): NamedEntity[] {
  if (Array.isArray(value)) {
    for (const v of value) namedEntities(v, out, parentKey)
    return out
  }
  if (!isObject(value)) return out
  const id = typeof value.id === 'string' ? value.id : null
  const media = isObject(value.media) ? value.media : null
  const metadata = media && isObject(media.metadata) ? media.metadata : null
  if (
    id &&
    (value.mediaType === 'book' || value.mediaType === 'podcast') &&
    metadata &&
    typeof metadata.title === 'string'
  ) {
    out.push({ kind: 'item', id, name: metadata.title })
    if (media && typeof media.id === 'string') out.push({ kind: 'media', id: media.id, name: metadata.title })
  } else if (
    id &&
    typeof value.libraryItemId === 'string' &&
    typeof value.title === 'string' &&
    ('podcastId' in value || 'episode' in value || 'audioFile' in value)
  ) {
    out.push({ kind: 'episode', id, name: value.title })
  } else if (id && typeof value.name === 'string' && (parentKey === 'authors' || parentKey === 'author')) {
    out.push({ kind: 'author', id, name: value.name })
  } else if (id && typeof value.name === 'string' && (parentKey === 'series' || parentKey === 'seriesList')) {
    out.push({ kind: 'series', id, name: value.name })
  }
  for (const [key, child] of Object.entries(value)) namedEntities(child, out, key)
  return out
}
