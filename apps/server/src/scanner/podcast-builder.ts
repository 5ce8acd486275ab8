import crypto from 'node:crypto'
import { sanitizeDescription } from '../html/sanitize-description.ts'
import { type EpisodeRow, type ItemRow, type PodcastColumn } from '../db/item-rows.ts'
import { naturalCompare } from './file-types.ts'
import type { ItemCandidate } from './group.ts'
import {
  nameWithoutExt,
  readDraft,
  sortFiles,
  type BuildTarget,
  type BuiltItem,
  type ItemParts,
  type PreviousItem,
  type Source,
} from './item-parts.ts'
import { parseAbsPodcastJson, type PodcastMetaDraft } from './metadata-files.ts'
import { titleIgnoringPrefix } from './names.ts'
import { cleanText, uniqueStrings } from './text.ts'
import { fileMetadataOf, toAudioFile } from './tracks.ts'
import type { DirStat } from './walk.ts'

/** A podcast: the folder is the show, every audio file below it an episode (ids kept across rescans). */
export async function buildPodcast(
  parts: ItemParts,
  c: ItemCandidate,
  dirStat: DirStat | undefined,
  fingerprint: string,
  t: BuildTarget,
  prev: PreviousItem | null,
): Promise<BuiltItem | null> {
  const { log } = parts.deps
  const files = sortFiles(c)
  // A show without episodes (subscribed, nothing downloaded yet) stays an item while its folder has a
  // metadata.json or cover; without either the folder is no longer a podcast.
  if (files.audio.length === 0 && !files.metadataJson && files.images.length === 0) return null
  let previousPodcast: Partial<PodcastColumn> & { removedEpisodeFiles?: RemovedEpisodeFile[] }
  try {
    previousPodcast = prev?.podcast ? (JSON.parse(prev.podcast) as typeof previousPodcast) : {}
  } catch {
    previousPodcast = {}
  }
  const removed = removedFileKeys(previousPodcast.removedEpisodeFiles)
  const keyOf = (f: (typeof files.audio)[number]) =>
    removedFileKey({ relPath: fileMetadataOf(f, c.relPath, false).relPath, ino: f.ino, mtimeMs: f.mtimeMs })
  const probed = await parts.probeAll(files.audio.filter((f) => !removed.has(keyOf(f))))
  const order = t.library.settings.metadataPrecedence
  const folderTitle = c.relPath.split('/').pop() ?? c.relPath
  const firstGood = [...probed]
    .sort((a, b) => naturalCompare(a.file.relPath, b.file.relPath))
    .find((p) => !p.probe.error)
  const drafts: Partial<Record<Source, PodcastMetaDraft | null>> = {
    folderStructure: { title: folderTitle },
    audioMetatags: firstGood
      ? {
          title: firstGood.probe.tags.album,
          author: firstGood.probe.tags.albumArtist ?? firstGood.probe.tags.artist,
          genres: firstGood.probe.tags.genres,
          language: firstGood.probe.tags.language,
        }
      : null,
    absMetadata: await readDraft(files.metadataJson, parseAbsPodcastJson, log),
  }
  const merged: PodcastMetaDraft = {}
  for (const source of order) {
    for (const [k, v] of Object.entries(drafts[source] ?? {})) {
      if (v !== undefined && v !== null && v !== '' && !(Array.isArray(v) && v.length === 0)) {
        ;(merged as Record<string, unknown>)[k] = v
      }
    }
  }
  const row = parts.baseRow(c, dirStat, fingerprint, t, prev)
  const previousByIno = new Map<string, EpisodeRow>()
  const previousByRel = new Map<string, EpisodeRow>()
  for (const e of prev?.episodes ?? []) {
    try {
      const af = JSON.parse(e.audio_file ?? 'null') as {
        ino?: string
        metadata?: { relPath?: string }
      } | null
      if (af?.metadata?.relPath) previousByRel.set(af.metadata.relPath, e)
      if (af?.ino) previousByIno.set(af.ino, e)
    } catch {
      // A damaged episode row gets a new id; nothing else depends on it.
    }
  }
  const episodes: EpisodeRow[] = probed.map((p) => {
    const rel = fileMetadataOf(p.file, c.relPath, false).relPath
    const before = previousByRel.get(rel) ?? previousByIno.get(p.file.ino)
    const audioFile = {
      ...toAudioFile(p, 1, c.relPath, false, { addedAt: before?.added_at ?? t.now, updatedAt: t.now }),
      // An episode's file name is no track number (Audiobookshelf leaves it null for episodes).
      trackNumFromFilename: null,
    }
    const tags = p.probe.tags
    const published = tags.date ? Date.parse(tags.date) : Number.NaN
    const fromTags = {
      season: tags.season,
      // A file without an episode tag is numbered by its track tag, as Audiobookshelf numbers it.
      episode: tags.episode ?? (tags.track !== null ? String(tags.track) : null),
      episode_type: before?.episode_type ?? 'full',
      title: tags.title ?? nameWithoutExt(p.file.name),
      subtitle: tags.subtitle,
      description: sanitizeDescription(tags.description ?? tags.comment),
      enclosure: before?.enclosure ?? null,
      guid: before?.guid ?? null,
      pub_date: Number.isFinite(published) ? new Date(published).toUTCString() : (before?.pub_date ?? null),
      published_at: Number.isFinite(published) ? published : (before?.published_at ?? null),
    }
    return {
      id: before?.id ?? crypto.randomUUID(),
      library_item_id: row.id,
      episode_index: null,
      // An episode from a feed keeps what the feed (or an edit) said; tags only describe files added by hand.
      ...(before && (before.enclosure || before.guid) ? feedFieldsOf(before) : fromTags),
      chapters: JSON.stringify(p.probe.chapters),
      audio_file: JSON.stringify(audioFile),
      duration: p.probe.duration,
      size: p.file.size,
      added_at: before?.added_at ?? t.now,
      updated_at: t.now,
    }
  })
  episodes
    .sort((a, b) => (a.published_at ?? 0) - (b.published_at ?? 0) || naturalCompare(a.title, b.title))
    .forEach((e, i) => (e.episode_index = i + 1))

  row.cover_path = await parts.chooseCover(c, files, row.id, t, prev, () =>
    parts.extractAudioCover(
      [...probed].sort((a, b) => naturalCompare(a.file.relPath, b.file.relPath)),
      row.id,
      t,
    ),
  )
  const podcast: Partial<PodcastColumn> & { removedEpisodeFiles?: RemovedEpisodeFile[] } = {
    ...previousPodcast,
    author: merged.author ?? previousPodcast.author ?? null,
    releaseDate: merged.releaseDate ?? previousPodcast.releaseDate ?? null,
    feedUrl: merged.feedUrl ?? previousPodcast.feedUrl ?? null,
    imageUrl: merged.imageUrl ?? previousPodcast.imageUrl ?? null,
    itunesPageUrl: merged.itunesPageUrl ?? previousPodcast.itunesPageUrl ?? null,
    itunesId: merged.itunesId ?? previousPodcast.itunesId ?? null,
    itunesArtistId: merged.itunesArtistId ?? previousPodcast.itunesArtistId ?? null,
    type: merged.type ?? previousPodcast.type ?? 'episodic',
  }
  const title = cleanText(merged.title) ?? folderTitle
  const genres = uniqueStrings(merged.genres ?? [])
  const tags = uniqueStrings(merged.tags ?? [])
  const author = podcast.author ?? null
  if (removed.size > 0) {
    // Forget removals whose file is gone, so the list does not grow forever.
    const present = new Set(files.audio.map(keyOf))
    podcast.removedEpisodeFiles = (previousPodcast.removedEpisodeFiles ?? []).filter((r) =>
      present.has(removedFileKey(r)),
    )
  }
  Object.assign(row, {
    ...parts.issueFlag(
      c,
      t,
      probed.flatMap((p) => (p.probe.error ? [`${p.file.name}: ${p.probe.error}`] : [])),
    ),
    title,
    title_ignore_prefix: titleIgnoringPrefix(title, t.sortingPrefixes),
    author_name: author ?? '',
    author_name_lf: author ?? '',
    description: sanitizeDescription(merged.description),
    language: merged.language ?? null,
    explicit: merged.explicit ? 1 : 0,
    duration: probed.filter((p) => !p.probe.error).reduce((sum, p) => sum + p.probe.duration, 0),
    library_files: JSON.stringify(parts.libraryFiles(c, t, prev, null)),
    tags: JSON.stringify(tags),
    genres: JSON.stringify(genres),
    podcast: JSON.stringify(podcast),
  } satisfies Partial<ItemRow>)
  return { row, authors: [], series: [], genres, tags, narrators: [], episodes }
}

/**
 * An episode removed without deleting its file (kept in the podcast column): the next scan must not add it
 * again. Keyed by path, inode and mtime, so a file downloaded again under the same name is a new episode.
 */
export interface RemovedEpisodeFile {
  /** Relative to the podcast folder. */
  relPath: string
  ino: string
  mtimeMs: number
}

const removedFileKey = (r: RemovedEpisodeFile) => `${r.relPath}\0${r.ino}\0${r.mtimeMs}`

function removedFileKeys(list: unknown): Set<string> {
  if (!Array.isArray(list)) return new Set()
  return new Set(
    list
      .filter(
        (r): r is RemovedEpisodeFile =>
          typeof r?.relPath === 'string' && typeof r?.ino === 'string' && typeof r?.mtimeMs === 'number',
      )
      .map(removedFileKey),
  )
}

/** The fields of an episode row that came from its feed item. */
function feedFieldsOf(e: EpisodeRow) {
  return {
    season: e.season,
    episode: e.episode,
    episode_type: e.episode_type,
    title: e.title,
    subtitle: e.subtitle,
    description: e.description,
    enclosure: e.enclosure,
    guid: e.guid,
    pub_date: e.pub_date,
    published_at: e.published_at,
  }
}
