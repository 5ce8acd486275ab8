import crypto from 'node:crypto'
import path from 'node:path'
import type { LibraryFile, LibrarySettings } from '@shelfcast/contracts'
import type { Logger } from 'pino'
import { type EpisodeRow, type ItemRow } from '../db/item-rows.ts'
import type { AudioProbe } from './audio-probe.ts'
import type { SeriesEntry } from './book-meta.ts'
import type { FileChoices } from './file-choices.ts'
import { fileExists, isUserCover, pickFolderCover, writeItemCover } from './cover.ts'
import { MAX_COVER_BYTES, type EbookInfo } from './ebook.ts'
import { extOf, fileTypeOf, naturalCompare } from './file-types.ts'
import type { ItemCandidate } from './group.ts'
import { readBoundedText } from './metadata-files.ts'
import { cleanText } from './text.ts'
import { fileMetadataOf, type ProbedAudio } from './tracks.ts'
import { isInside, type DirStat, type WalkedFile } from './walk.ts'

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
  /** Server setting scannerParseSubtitle: "Title - Subtitle" folder names give a subtitle. */
  parseSubtitle?: boolean
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
  /** Track order and primary ebook a user chose (absent: none). */
  fileChoices?: FileChoices
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

export type Source = LibrarySettings['metadataPrecedence'][number]

export interface ItemFiles {
  audio: WalkedFile[]
  ebooks: WalkedFile[]
  images: WalkedFile[]
  metadataJson: WalkedFile | null
  opf: WalkedFile | null
  nfo: WalkedFile | null
  desc: WalkedFile | null
  reader: WalkedFile | null
}

export function sortFiles(c: ItemCandidate): ItemFiles {
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
export async function readDraft<T>(
  file: WalkedFile | null,
  parse: (text: string) => T,
  log: Logger,
): Promise<T | null> {
  if (!file) return null
  try {
    return parse(await readBoundedText(file.path))
  } catch (err) {
    log.warn(
      { file: file.path, err: err instanceof Error ? err.message : String(err) },
      'metadata file skipped',
    )
    return null
  }
}

/** An invalid item's stored reason is cut here (one line in the client, one column in the database). */
const MAX_REASON_CHARS = 500

export const nameWithoutExt = (name: string) => name.slice(0, name.length - path.extname(name).length)

/** What book and podcast building share: reading files, the cover, the row every item starts from. */
export class ItemParts {
  readonly deps: ItemBuildDeps
  constructor(deps: ItemBuildDeps) {
    this.deps = deps
  }

  libraryFiles(
    c: ItemCandidate,
    t: BuildTarget,
    prev: PreviousItem | null,
    primaryEbookIno: string | null,
  ): LibraryFile[] {
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

  /**
   * The issue flag of an item from the problems of its files (`name: why`), with the reason stored beside it
   * and a warning naming the item's path, so an admin sees why it is in the Issues filter.
   */
  issueFlag(
    c: ItemCandidate,
    t: BuildTarget,
    problems: readonly string[],
  ): Pick<ItemRow, 'is_invalid' | 'invalid_reason'> {
    if (problems.length === 0) return { is_invalid: 0, invalid_reason: null }
    const reason = cleanText(problems.join('; '), MAX_REASON_CHARS)
    const itemPath = path.join(t.folder.fullPath, ...c.relPath.split('/'))
    this.deps.log.warn({ path: itemPath, reason }, 'item flagged invalid')
    return { is_invalid: 1, invalid_reason: reason }
  }

  async probeAll(audio: WalkedFile[]): Promise<ProbedAudio[]> {
    return Promise.all(audio.map(async (file) => ({ file, probe: await this.deps.probe(file) })))
  }

  /** The cover: a folder image, else the existing one when it lives outside the item, else extracted art. */

  async chooseCover(
    c: ItemCandidate,
    files: ItemFiles,
    itemId: string,
    t: BuildTarget,
    prev: PreviousItem | null,
    extract: () => Promise<string | null>,
  ): Promise<string | null> {
    // A cover the user chose stays until they change it.
    if (prev?.coverPath && isUserCover(prev.coverPath) && (await fileExists(prev.coverPath)))
      return prev.coverPath
    const folderCover = c.isFile ? null : pickFolderCover(files.images, c.relPath)
    if (folderCover) return folderCover.path
    const itemPath = path.join(t.folder.fullPath, ...c.relPath.split('/'))
    if (
      prev?.coverPath &&
      !(isInside(itemPath, prev.coverPath) && !c.isFile) &&
      (await fileExists(prev.coverPath))
    ) {
      return prev.coverPath
    }
    try {
      return await extract()
    } catch (err) {
      this.deps.log.warn({ err, item: itemPath }, 'cover could not be extracted')
      return null
    }
  }

  async extractAudioCover(ordered: ProbedAudio[], itemId: string, t: BuildTarget): Promise<string | null> {
    const withArt = ordered.find((p) => !p.probe.error && p.probe.embeddedCoverArt)
    if (!withArt) return null
    const pic = await this.deps.readEmbeddedPicture(withArt.file.path, MAX_COVER_BYTES)
    return pic ? writeItemCover(t.metadataPath, itemId, { mime: pic.format, data: pic.data }) : null
  }

  baseRow(
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
      invalid_reason: null,
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
}
