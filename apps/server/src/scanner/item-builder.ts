import crypto from 'node:crypto'
import path from 'node:path'
import type { AudioFile, EbookFile, LibraryFile, LibrarySettings } from '@shelfcast/contracts'
import type { Logger } from 'pino'
import type { EpisodeRow, ItemRow, PodcastColumn } from '../modules/library-items/item-json.ts'
import type { AudioProbe } from './audio-probe.ts'
import { mergeBookMeta, type BookMetaDraft, type SeriesEntry } from './book-meta.ts'
import { fileExists, pickFolderCover, writeItemCover } from './cover.ts'
import { EBOOK_PREFERENCE, MAX_COVER_BYTES, type EbookInfo } from './ebook.ts'
import { extOf, fileTypeOf, naturalCompare } from './file-types.ts'
import { parseBookFolder } from './folder-name.ts'
import type { ItemCandidate } from './group.ts'
import { isInside, type DirStat, type WalkedFile } from './walk.ts'
import {
  parseAbsBookJson,
  parseAbsPodcastJson,
  parseDescTxt,
  parseNfo,
  parseOpf,
  parseReaderTxt,
  readBoundedText,
  type PodcastMetaDraft,
} from './metadata-files.ts'
import { authorNameLF, splitPersonNames, titleIgnoringPrefix } from './names.ts'
import { cleanText, parseSeriesString, uniqueStrings, yearOf } from './text.ts'
import { buildChapters, fileMetadataOf, orderTracks, toAudioFile, type ProbedAudio } from './tracks.ts'

/** What the builder needs from the outside world; the scanner passes real I/O, tests may count calls. */
export interface ItemBuildDeps {
  /** Reads one audio file (bounded concurrency and counting live in the caller). */
  probe(file: WalkedFile): Promise<AudioProbe>
  readEbook(file: string, wantCover: boolean): Promise<EbookInfo>
  readEmbeddedPicture(file: string, maxBytes: number): Promise<{ format: string; data: Uint8Array } | null>
  log: Logger
}

export interface BuildTarget {
  library: { id: string; mediaType: 'book' | 'podcast'; settings: LibrarySettings }
  folder: { id: string; fullPath: string }
  sortingPrefixes: readonly string[]
  metadataPath: string
  now: number
}

/** The item as it stood before this scan (ids and times are kept). */
export interface PreviousItem {
  id: string
  mediaId: string
  addedAt: number
  coverPath: string | null
  /** ino -> addedAt of the files it had. */
  fileTimes: Map<string, number>
  /** Its podcast episodes, to keep their ids. */
  episodes: EpisodeRow[]
  podcast: string | null
}

/** A scanned item ready for the repository: the row plus what goes to the join tables. */
export interface BuiltItem {
  row: ItemRow
  authors: string[]
  series: SeriesEntry[]
  genres: string[]
  tags: string[]
  narrators: string[]
  episodes: EpisodeRow[] | null
}

type Source = LibrarySettings['metadataPrecedence'][number]

interface ItemFiles {
  audio: WalkedFile[]
  ebooks: WalkedFile[]
  images: WalkedFile[]
  metadataJson: WalkedFile | null
  opf: WalkedFile | null
  nfo: WalkedFile | null
  desc: WalkedFile | null
  reader: WalkedFile | null
}

function sortFiles(c: ItemCandidate): ItemFiles {
  const byName = (f: WalkedFile) => f.name.toLowerCase()
  // Metadata files count only in the item folder itself, not in CD subfolders or extras.
  const atTop = (f: WalkedFile) => c.isFile || f.relPath === `${c.relPath}/${f.name}`
  const top = c.files.filter(atTop)
  return {
    audio: c.files.filter((f) => fileTypeOf(f.name) === 'audio'),
    ebooks: c.files.filter((f) => fileTypeOf(f.name) === 'ebook'),
    images: c.files.filter((f) => fileTypeOf(f.name) === 'image'),
    metadataJson: top.find((f) => byName(f) === 'metadata.json') ?? null,
    opf: top.filter((f) => extOf(f.name) === 'opf').sort((a, b) => naturalCompare(a.name, b.name))[0] ?? null,
    nfo: top.filter((f) => extOf(f.name) === 'nfo').sort((a, b) => naturalCompare(a.name, b.name))[0] ?? null,
    desc: top.find((f) => byName(f) === 'desc.txt') ?? null,
    reader: top.find((f) => byName(f) === 'reader.txt') ?? null,
  }
}

/** Parses one metadata file; a bad one is logged and treated as absent (it never fails the item). */
async function readDraft<T>(file: WalkedFile | null, parse: (text: string) => T, log: Logger): Promise<T | null> {
  if (!file) return null
  try {
    return parse(await readBoundedText(file.path))
  } catch (err) {
    log.warn({ file: file.path, err: err instanceof Error ? err.message : String(err) }, 'metadata file skipped')
    return null
  }
}

const nameWithoutExt = (name: string) => name.slice(0, name.length - path.extname(name).length)

function primaryEbook(ebooks: WalkedFile[]): WalkedFile | null {
  const rank = (f: WalkedFile) => {
    const i = (EBOOK_PREFERENCE as readonly string[]).indexOf(extOf(f.name))
    return i < 0 ? EBOOK_PREFERENCE.length : i
  }
  return [...ebooks].sort((a, b) => rank(a) - rank(b) || naturalCompare(a.relPath, b.relPath))[0] ?? null
}

/** Draft from an audio file's tags (Audiobookshelf's mapping: album or title -> title, album artist or artist -> authors ...). */
function draftFromTags(probe: AudioProbe): BookMetaDraft {
  const t = probe.tags
  const series: SeriesEntry[] = []
  if (t.series) series.push({ name: t.series, sequence: t.seriesPart ? String(t.seriesPart) : null })
  else {
    const grouped = parseSeriesString(t.grouping)
    if (grouped?.sequence) series.push(grouped)
  }
  return {
    title: t.album ?? t.title,
    subtitle: t.subtitle,
    authors: splitPersonNames(t.albumArtist ?? t.artist),
    narrators: splitPersonNames(t.composer),
    series,
    genres: t.genres,
    publishedYear: t.year,
    publisher: t.publisher,
    description: t.description ?? t.comment,
    isbn: t.isbn,
    asin: t.asin,
    language: t.language,
    explicit: t.explicit || undefined,
  }
}

export class ItemBuilder {
  private readonly deps: ItemBuildDeps
  constructor(deps: ItemBuildDeps) {
    this.deps = deps
  }

  async build(
    candidate: ItemCandidate,
    dirStat: DirStat | undefined,
    fingerprint: string,
    target: BuildTarget,
    previous: PreviousItem | null,
  ): Promise<BuiltItem | null> {
    return target.library.mediaType === 'podcast'
      ? this.buildPodcast(candidate, dirStat, fingerprint, target, previous)
      : this.buildBook(candidate, dirStat, fingerprint, target, previous)
  }

  private libraryFiles(c: ItemCandidate, t: BuildTarget, prev: PreviousItem | null, primaryEbookIno: string | null): LibraryFile[] {
    return c.files.map((f) => {
      const type = fileTypeOf(f.name)
      return {
        ino: f.ino,
        metadata: fileMetadataOf(f, c.relPath, c.isFile),
        isSupplementary: type === 'ebook' ? f.ino !== primaryEbookIno : null,
        addedAt: prev?.fileTimes.get(f.ino) ?? t.now,
        updatedAt: t.now,
        fileType: type,
      }
    })
  }

  private async probeAll(audio: WalkedFile[]): Promise<ProbedAudio[]> {
    return Promise.all(audio.map(async (file) => ({ file, probe: await this.deps.probe(file) })))
  }

  /** The cover: a folder image, else the existing one when it lives outside the item, else extracted art. */
  private async chooseCover(
    c: ItemCandidate,
    files: ItemFiles,
    itemId: string,
    t: BuildTarget,
    prev: PreviousItem | null,
    extract: () => Promise<string | null>,
  ): Promise<string | null> {
    const folderCover = c.isFile ? null : pickFolderCover(files.images, c.relPath)
    if (folderCover) return folderCover.path
    const itemPath = path.join(t.folder.fullPath, ...c.relPath.split('/'))
    if (prev?.coverPath && !(isInside(itemPath, prev.coverPath) && !c.isFile) && (await fileExists(prev.coverPath))) {
      return prev.coverPath
    }
    try {
      return await extract()
    } catch (err) {
      this.deps.log.warn({ err, item: itemPath }, 'cover could not be extracted')
      return null
    }
  }

  private async extractAudioCover(ordered: ProbedAudio[], itemId: string, t: BuildTarget): Promise<string | null> {
    const withArt = ordered.find((p) => !p.probe.error && p.probe.embeddedCoverArt)
    if (!withArt) return null
    const pic = await this.deps.readEmbeddedPicture(withArt.file.path, MAX_COVER_BYTES)
    return pic ? writeItemCover(t.metadataPath, itemId, { mime: pic.format, data: pic.data }) : null
  }

  private baseRow(
    c: ItemCandidate,
    dirStat: DirStat | undefined,
    fingerprint: string,
    t: BuildTarget,
    prev: PreviousItem | null,
  ): ItemRow {
    const single = c.isFile ? c.files[0] : undefined
    const stat = single ?? dirStat
    return {
      id: prev?.id ?? crypto.randomUUID(),
      library_id: t.library.id,
      folder_id: t.folder.id,
      media_type: t.library.mediaType,
      media_id: prev?.mediaId ?? crypto.randomUUID(),
      path: path.join(t.folder.fullPath, ...c.relPath.split('/')),
      rel_path: c.relPath,
      is_file: c.isFile ? 1 : 0,
      ino: stat?.ino ?? null,
      size: c.files.reduce((s, f) => s + f.size, 0),
      mtime_ms: stat?.mtimeMs ?? 0,
      ctime_ms: stat?.ctimeMs ?? 0,
      birthtime_ms: stat?.birthtimeMs ?? 0,
      added_at: prev?.addedAt ?? t.now,
      updated_at: t.now,
      last_scan: t.now,
      is_missing: 0,
      is_invalid: 0,
      scan_fingerprint: fingerprint,
      title: '',
      title_ignore_prefix: '',
      subtitle: null,
      author_name: '',
      author_name_lf: '',
      narrator_name: '',
      series_name: '',
      published_year: null,
      published_date: null,
      publisher: null,
      description: null,
      isbn: null,
      asin: null,
      language: null,
      explicit: 0,
      abridged: 0,
      duration: 0,
      num_tracks: 0,
      num_chapters: 0,
      ebook_format: null,
      cover_path: null,
      audio_files: '[]',
      chapters: '[]',
      ebook_file: null,
      library_files: '[]',
      tags: '[]',
      genres: '[]',
      narrators: '[]',
      podcast: null,
    }
  }

  private async buildBook(
    c: ItemCandidate,
    dirStat: DirStat | undefined,
    fingerprint: string,
    t: BuildTarget,
    prev: PreviousItem | null,
  ): Promise<BuiltItem | null> {
    const { log } = this.deps
    const files = sortFiles(c)
    const settings = t.library.settings
    const ebook = settings.audiobooksOnly ? null : primaryEbook(files.ebooks)
    if (files.audio.length === 0 && !ebook) return null

    const probed = await this.probeAll(files.audio)
    const ordered = orderTracks(probed, c.relPath)
    const audioFiles: AudioFile[] = ordered.map((p, i) =>
      toAudioFile(p, i + 1, c.relPath, c.isFile, { addedAt: prev?.fileTimes.get(p.file.ino) ?? t.now, updatedAt: t.now }),
    )
    const firstGood = ordered.find((p) => !p.probe.error)
    const ebookInfo: EbookInfo = ebook
      ? await this.deps.readEbook(ebook.path, !firstGood?.probe.embeddedCoverArt)
      : { metadata: null, cover: null }

    const folderName = c.isFile ? nameWithoutExt(c.relPath) : c.relPath
    const folderDraft = parseBookFolder(folderName.split('/'))
    const order = settings.metadataPrecedence
    // Only the sources the admin enabled are read at all.
    const wants = (source: Source) => order.includes(source)
    const txt = wants('txtFiles') ? [await readDraft(files.desc, parseDescTxt, log), await readDraft(files.reader, parseReaderTxt, log)] : []
    const drafts: Record<Source, BookMetaDraft | null> = {
      folderStructure: {
        ...folderDraft,
        series: folderDraft.series ? [folderDraft.series] : [],
      },
      audioMetatags: firstGood ? draftFromTags(firstGood.probe) : ebookInfo.metadata,
      nfoFile: wants('nfoFile') ? await readDraft(files.nfo, parseNfo, log) : null,
      txtFiles: txt[0] || txt[1] ? { ...txt[0], ...txt[1] } : null,
      opfFile: wants('opfFile') ? await readDraft(files.opf, parseOpf, log) : null,
      absMetadata: wants('absMetadata') ? await readDraft(files.metadataJson, parseAbsBookJson, log) : null,
    }
    const meta = mergeBookMeta(
      order.map((s) => drafts[s]).filter((d): d is BookMetaDraft => d !== null),
      folderDraft.title || folderName,
    )

    const audioChapters = buildChapters(audioFiles)
    const duration = audioFiles.filter((f) => !f.error && !f.exclude).reduce((s, f) => s + f.duration, 0)
    // metadata.json chapters win over embedded ones only when that source comes later in the admin's order.
    const jsonChapters = drafts.absMetadata?.chapters
    const useJsonChapters =
      !!jsonChapters?.length && order.includes('absMetadata') && order.indexOf('absMetadata') > order.indexOf('audioMetatags')
    const chapters = useJsonChapters && jsonChapters ? jsonChapters : audioChapters

    const row = this.baseRow(c, dirStat, fingerprint, t, prev)
    row.cover_path = await this.chooseCover(c, files, row.id, t, prev, async () => {
      const fromAudio = await this.extractAudioCover(ordered, row.id, t)
      if (fromAudio) return fromAudio
      return ebookInfo.cover ? writeItemCover(t.metadataPath, row.id, ebookInfo.cover) : null
    })

    const ebookFile: EbookFile | null = ebook
      ? {
          ino: ebook.ino,
          metadata: fileMetadataOf(ebook, c.relPath, c.isFile),
          ebookFormat: extOf(ebook.name),
          addedAt: prev?.fileTimes.get(ebook.ino) ?? t.now,
          updatedAt: t.now,
        }
      : null
    const hasError = audioFiles.some((f) => f.error !== null)
    const playable = audioFiles.some((f) => f.error === null)
    const authors = uniqueStrings(meta.authors)
    const narrators = uniqueStrings(meta.narrators)
    const genres = uniqueStrings(meta.genres)
    const tags = uniqueStrings(meta.tags)
    const title = meta.title || folderName

    Object.assign(row, {
      is_invalid: hasError || (!playable && !ebookFile) ? 1 : 0,
      title,
      title_ignore_prefix: titleIgnoringPrefix(title, t.sortingPrefixes),
      subtitle: meta.subtitle,
      author_name: authors.join(', '),
      author_name_lf: authorNameLF(authors),
      narrator_name: narrators.join(', '),
      series_name: meta.series.map((s) => (s.sequence ? `${s.name} #${s.sequence}` : s.name)).join(', '),
      published_year: meta.publishedYear ?? yearOf(meta.publishedDate),
      published_date: meta.publishedDate,
      publisher: meta.publisher,
      description: meta.description,
      isbn: meta.isbn,
      asin: meta.asin,
      language: meta.language,
      explicit: meta.explicit ? 1 : 0,
      abridged: meta.abridged ? 1 : 0,
      duration,
      num_tracks: audioFiles.filter((f) => !f.error && !f.exclude).length,
      num_chapters: chapters.length,
      ebook_format: ebookFile?.ebookFormat ?? null,
      audio_files: JSON.stringify(audioFiles),
      chapters: JSON.stringify(chapters),
      ebook_file: ebookFile ? JSON.stringify(ebookFile) : null,
      library_files: JSON.stringify(this.libraryFiles(c, t, prev, ebook?.ino ?? null)),
      tags: JSON.stringify(tags),
      genres: JSON.stringify(genres),
      narrators: JSON.stringify(narrators),
    } satisfies Partial<ItemRow>)
    return { row, authors, series: dedupeSeries(meta.series), genres, tags, narrators, episodes: null }
  }

  private async buildPodcast(
    c: ItemCandidate,
    dirStat: DirStat | undefined,
    fingerprint: string,
    t: BuildTarget,
    prev: PreviousItem | null,
  ): Promise<BuiltItem | null> {
    const { log } = this.deps
    const files = sortFiles(c)
    if (files.audio.length === 0) return null
    const probed = await this.probeAll(files.audio)
    const order = t.library.settings.metadataPrecedence
    const folderTitle = c.relPath.split('/').pop() ?? c.relPath
    const firstGood = [...probed].sort((a, b) => naturalCompare(a.file.relPath, b.file.relPath)).find((p) => !p.probe.error)
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
    const row = this.baseRow(c, dirStat, fingerprint, t, prev)
    const previousByIno = new Map<string, EpisodeRow>()
    const previousByRel = new Map<string, EpisodeRow>()
    for (const e of prev?.episodes ?? []) {
      try {
        const af = JSON.parse(e.audio_file ?? 'null') as { ino?: string; metadata?: { relPath?: string } } | null
        if (af?.metadata?.relPath) previousByRel.set(af.metadata.relPath, e)
        if (af?.ino) previousByIno.set(af.ino, e)
      } catch {
        // A damaged episode row gets a new id; nothing else depends on it.
      }
    }
    const episodes: EpisodeRow[] = probed.map((p) => {
      const rel = fileMetadataOf(p.file, c.relPath, false).relPath
      const before = previousByRel.get(rel) ?? previousByIno.get(p.file.ino)
      const audioFile = toAudioFile(p, 1, c.relPath, false, { addedAt: before?.added_at ?? t.now, updatedAt: t.now })
      const tags = p.probe.tags
      const published = tags.date ? Date.parse(tags.date) : Number.NaN
      return {
        id: before?.id ?? crypto.randomUUID(),
        library_item_id: row.id,
        episode_index: null,
        season: tags.season,
        episode: tags.episode,
        episode_type: before?.episode_type ?? 'full',
        title: tags.title ?? nameWithoutExt(p.file.name),
        subtitle: tags.subtitle,
        description: tags.description ?? tags.comment,
        enclosure: before?.enclosure ?? null,
        guid: before?.guid ?? null,
        pub_date: Number.isFinite(published) ? new Date(published).toUTCString() : (before?.pub_date ?? null),
        published_at: Number.isFinite(published) ? published : (before?.published_at ?? null),
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

    row.cover_path = await this.chooseCover(c, files, row.id, t, prev, () =>
      this.extractAudioCover(
        [...probed].sort((a, b) => naturalCompare(a.file.relPath, b.file.relPath)),
        row.id,
        t,
      ),
    )
    let previousPodcast: Partial<PodcastColumn>
    try {
      previousPodcast = prev?.podcast ? (JSON.parse(prev.podcast) as Partial<PodcastColumn>) : {}
    } catch {
      previousPodcast = {}
    }
    const podcast: Partial<PodcastColumn> = {
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
    Object.assign(row, {
      is_invalid: probed.some((p) => p.probe.error) ? 1 : 0,
      title,
      title_ignore_prefix: titleIgnoringPrefix(title, t.sortingPrefixes),
      author_name: author ?? '',
      author_name_lf: author ?? '',
      description: merged.description ?? null,
      language: merged.language ?? null,
      explicit: merged.explicit ? 1 : 0,
      duration: probed.filter((p) => !p.probe.error).reduce((sum, p) => sum + p.probe.duration, 0),
      library_files: JSON.stringify(this.libraryFiles(c, t, prev, null)),
      tags: JSON.stringify(tags),
      genres: JSON.stringify(genres),
      podcast: JSON.stringify(podcast),
    } satisfies Partial<ItemRow>)
    return { row, authors: [], series: [], genres, tags, narrators: [], episodes }
  }
}

function dedupeSeries(series: SeriesEntry[]): SeriesEntry[] {
  const seen = new Set<string>()
  return series.filter((s) => {
    const key = s.name.toLowerCase()
    if (!s.name || seen.has(key)) return false
    seen.add(key)
    return true
  })
}
