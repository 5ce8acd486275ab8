import type { AudioFile, EbookFile } from '@shelfcast/contracts'
import { type ItemRow } from '../db/item-rows.ts'
import type { AudioProbe } from './audio-probe.ts'
import { mergeBookMeta, type BookMetaDraft, type SeriesEntry } from './book-meta.ts'
import { writeItemCover } from './cover.ts'
import { applyTrackOrder } from './file-choices.ts'
import { EBOOK_PREFERENCE, type EbookInfo } from './ebook.ts'
import { extOf, naturalCompare } from './file-types.ts'
import { parseBookFolder } from './folder-name.ts'
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
import { parseAbsBookJson, parseDescTxt, parseNfo, parseOpf, parseReaderTxt } from './metadata-files.ts'
import { bookMetaColumns } from './book-meta-columns.ts'
import { splitPersonNames } from './names.ts'
import { storedMetadataFile } from './stored-metadata.ts'
import { parseSeriesString, uniqueStrings } from './text.ts'
import { buildChapters, fileMetadataOf, orderTracks, toAudioFile } from './tracks.ts'
import type { DirStat, WalkedFile } from './walk.ts'

/** Ebooks in order of preference for the primary one. */
function rankEbooks(ebooks: WalkedFile[]): WalkedFile[] {
  const rank = (f: WalkedFile) => {
    const i = (EBOOK_PREFERENCE as readonly string[]).indexOf(extOf(f.name))
    return i < 0 ? EBOOK_PREFERENCE.length : i
  }
  return [...ebooks].sort((a, b) => rank(a) - rank(b) || naturalCompare(a.relPath, b.relPath))
}

/**
 * Reads (and so checks) every ebook of the item; the primary is the preferred sound one, else the preferred
 * one. Only the first sound one is asked for its cover.
 */
async function readEbooks(
  parts: ItemParts,
  ebooks: WalkedFile[],
  wantCover: boolean,
  choice: string | null,
): Promise<{ primary: WalkedFile | null; info: EbookInfo; problems: string[] }> {
  let primary: { file: WalkedFile; info: EbookInfo } | null = null
  let fallback: { file: WalkedFile; info: EbookInfo } | null = null
  let chosen: { file: WalkedFile; info: EbookInfo } | null = null
  const problems: string[] = []
  for (const file of rankEbooks(ebooks)) {
    const info = await parts.deps.readEbook(file.path, wantCover && !primary)
    if (info.problem) problems.push(`${file.name}: ${info.problem}`)
    else primary ??= { file, info }
    fallback ??= { file, info }
    if (file.ino === choice) chosen = { file, info }
  }
  const auto = primary ?? fallback
  // A user's choice wins while its file is there: '' keeps every ebook supplementary.
  if (choice === '') return { primary: null, info: auto?.info ?? NO_EBOOK, problems }
  const pick = chosen ?? auto
  return { primary: pick?.file ?? null, info: pick?.info ?? NO_EBOOK, problems }
}

const NO_EBOOK: EbookInfo = { metadata: null, cover: null, problem: null }

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

/** A book: audio files in play order, chapters, ebook, cover, and metadata merged in the admin's precedence. */
export async function buildBook(
  parts: ItemParts,
  c: ItemCandidate,
  dirStat: DirStat | undefined,
  fingerprint: string,
  t: BuildTarget,
  prev: PreviousItem | null,
): Promise<BuiltItem | null> {
  const { log } = parts.deps
  const files = sortFiles(c)
  const settings = t.library.settings
  const ebooks = settings.audiobooksOnly ? [] : files.ebooks
  if (files.audio.length === 0 && ebooks.length === 0) return null

  const probed = await parts.probeAll(files.audio)
  // The scanner's order, unless a user chose one (PATCH /api/items/:id/tracks): that one is kept.
  const placed = applyTrackOrder(
    orderTracks(probed, c.relPath),
    (p) => p.file.ino,
    prev?.fileChoices?.trackOrder ?? null,
  )
  const ordered = placed.map((x) => x.item)
  const audioFiles: AudioFile[] = placed.map(({ item, exclude, chosen }, i) => ({
    ...toAudioFile(item, i + 1, c.relPath, c.isFile, {
      addedAt: prev?.fileTimes.get(item.file.ino) ?? t.now,
      updatedAt: t.now,
    }),
    exclude,
    manuallyVerified: chosen,
  }))
  const firstGood = ordered.find((p) => !p.probe.error)
  const {
    primary: ebook,
    info: ebookInfo,
    problems: ebookProblems,
  } = await readEbooks(
    parts,
    ebooks,
    !firstGood?.probe.embeddedCoverArt,
    prev?.fileChoices?.primaryEbook ?? null,
  )

  const folderName = c.isFile ? nameWithoutExt(c.relPath) : c.relPath
  const folderDraft = parseBookFolder(folderName.split('/'), { parseSubtitle: t.parseSubtitle === true })
  const order = settings.metadataPrecedence
  // Only the sources the admin enabled are read at all.
  const wants = (source: Source) => order.includes(source)
  const txt = wants('txtFiles')
    ? [await readDraft(files.desc, parseDescTxt, log), await readDraft(files.reader, parseReaderTxt, log)]
    : []
  const drafts: Record<Source, BookMetaDraft | null> = {
    folderStructure: {
      ...folderDraft,
      series: folderDraft.series ? [folderDraft.series] : [],
    },
    audioMetatags: firstGood ? draftFromTags(firstGood.probe) : ebookInfo.metadata,
    nfoFile: wants('nfoFile') ? await readDraft(files.nfo, parseNfo, log) : null,
    txtFiles: txt[0] || txt[1] ? { ...txt[0], ...txt[1] } : null,
    opfFile: wants('opfFile') ? await readDraft(files.opf, parseOpf, log) : null,
    // The item's own metadata.json, else the one edits keep in the server's metadata folder.
    absMetadata: wants('absMetadata')
      ? await readDraft(
          files.metadataJson ?? (prev ? await storedMetadataFile(t.metadataPath, prev.id) : null),
          parseAbsBookJson,
          log,
        )
      : null,
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
    !!jsonChapters?.length &&
    order.includes('absMetadata') &&
    order.indexOf('absMetadata') > order.indexOf('audioMetatags')
  const chapters = useJsonChapters && jsonChapters ? jsonChapters : audioChapters

  const row = parts.baseRow(c, dirStat, fingerprint, t, prev)
  row.cover_path = await parts.chooseCover(c, files, row.id, t, prev, async () => {
    const fromAudio = await parts.extractAudioCover(ordered, row.id, t)
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
  const problems = [
    ...audioFiles.flatMap((f) => (f.error !== null ? [`${f.metadata.filename}: ${f.error}`] : [])),
    ...ebookProblems,
  ]
  const authors = uniqueStrings(meta.authors)
  const narrators = uniqueStrings(meta.narrators)
  const genres = uniqueStrings(meta.genres)
  const tags = uniqueStrings(meta.tags)
  const title = meta.title || folderName

  Object.assign(row, {
    ...bookMetaColumns({ ...meta, title, authors, narrators, genres, tags }, t.sortingPrefixes),
    ...parts.issueFlag(c, t, problems),
    duration,
    num_tracks: audioFiles.filter((f) => !f.error && !f.exclude).length,
    num_chapters: chapters.length,
    ebook_format: ebookFile?.ebookFormat ?? null,
    audio_files: JSON.stringify(audioFiles),
    chapters: JSON.stringify(chapters),
    ebook_file: ebookFile ? JSON.stringify(ebookFile) : null,
    library_files: JSON.stringify(parts.libraryFiles(c, t, prev, ebook?.ino ?? null)),
  } satisfies Partial<ItemRow>)
  return { row, authors, series: dedupeSeries(meta.series), genres, tags, narrators, episodes: null }
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
