import path from 'node:path'
import type { AudioFile, Chapter, FileMetadata } from '@shelfcast/contracts'
import type { AudioProbe } from './audio-probe.ts'
import { audioMimeType, extOf, naturalCompare } from './file-types.ts'
import { discNumberOfFolder } from './folder-name.ts'
import type { WalkedFile } from './walk.ts'

/** File facts as the API shows them; `relPath` is relative to the item folder (Audiobookshelf does the same). */
export function fileMetadataOf(file: WalkedFile, itemRelPath: string, isFile: boolean): FileMetadata {
  const rel = isFile ? file.name : file.relPath.slice(itemRelPath.length + 1)
  return {
    filename: file.name,
    ext: path.extname(file.name),
    path: file.path,
    relPath: rel,
    size: file.size,
    mtimeMs: file.mtimeMs,
    ctimeMs: file.ctimeMs,
    birthtimeMs: file.birthtimeMs,
  }
}

/** A track number from a file name: a leading number ("01 - Intro"), else the last number ("Mort - Part 12"). */
export function trackNumberFromFileName(fileName: string): number | null {
  const base = fileName.slice(0, fileName.length - path.extname(fileName).length)
  const leading = /^\s*(\d{1,4})(?!\d)/.exec(base)
  if (leading?.[1]) return Number(leading[1])
  const all = base.match(/\d{1,4}/g)
  const last = all?.[all.length - 1]
  return last === undefined ? null : Number(last)
}

export interface ProbedAudio {
  file: WalkedFile
  probe: AudioProbe
}

const unique = (keys: string[]) => new Set(keys).size === keys.length

/**
 * Play order: disc/track tags when every file has them and they are distinct, else numbers in the file
 * names (with `CD n` folders as discs), else natural order of the paths.
 */
export function orderTracks(items: readonly ProbedAudio[], itemRelPath: string): ProbedAudio[] {
  if (items.length < 2) return [...items]
  const discFolder = (p: ProbedAudio) => {
    const rel = p.file.relPath.slice(itemRelPath.length + 1)
    const parts = rel.split('/')
    return parts.length > 1 ? discNumberOfFolder(parts[parts.length - 2] ?? '') : null
  }
  const byTags = items.map((p) => ({
    p,
    disc: p.probe.tags.disc ?? discFolder(p) ?? 0,
    track: p.probe.tags.track,
  }))
  if (byTags.every((x) => x.track !== null) && unique(byTags.map((x) => `${x.disc}:${x.track}`))) {
    return byTags.sort((a, b) => a.disc - b.disc || (a.track ?? 0) - (b.track ?? 0)).map((x) => x.p)
  }
  const byName = items.map((p) => ({
    p,
    disc: discFolder(p) ?? 0,
    track: trackNumberFromFileName(p.file.name),
  }))
  if (byName.every((x) => x.track !== null) && unique(byName.map((x) => `${x.disc}:${x.track}`))) {
    return byName.sort((a, b) => a.disc - b.disc || (a.track ?? 0) - (b.track ?? 0)).map((x) => x.p)
  }
  return [...items].sort((a, b) => naturalCompare(a.file.relPath, b.file.relPath))
}

/** The API's audio file record for a probed file at its place in the play order. */
export function toAudioFile(
  p: ProbedAudio,
  index: number,
  itemRelPath: string,
  isFile: boolean,
  times: { addedAt: number; updatedAt: number },
): AudioFile {
  const discFromFolder = (() => {
    const parts = p.file.relPath.split('/')
    return parts.length > 1 ? discNumberOfFolder(parts[parts.length - 2] ?? '') : null
  })()
  return {
    index,
    ino: p.file.ino,
    metadata: fileMetadataOf(p.file, itemRelPath, isFile),
    addedAt: times.addedAt,
    updatedAt: times.updatedAt,
    trackNumFromMeta: p.probe.tags.track,
    discNumFromMeta: p.probe.tags.disc,
    trackNumFromFilename: trackNumberFromFileName(p.file.name),
    discNumFromFilename: discFromFolder,
    manuallyVerified: false,
    exclude: false,
    error: p.probe.error,
    format: p.probe.format,
    duration: p.probe.duration,
    bitRate: p.probe.bitRate,
    language: p.probe.streamLanguage ?? p.probe.tags.language,
    codec: p.probe.codec,
    timeBase: p.probe.timeBase,
    channels: p.probe.channels,
    channelLayout: p.probe.channelLayout,
    chapters: p.probe.chapters,
    embeddedCoverArt: p.probe.embeddedCoverArt,
    metaTags: p.probe.metaTags,
    mimeType: audioMimeType(p.file.name),
  }
}

const renumber = (chapters: Omit<Chapter, 'id'>[]): Chapter[] => chapters.map((c, i) => ({ ...c, id: i }))

/**
 * The book's chapters from its playable files in order: the first file's embedded chapters when it is the
 * only file or its chapters run past its own end (a chapter list for the whole book); else every file's
 * chapters offset by its start, when every file has some; else one chapter per file.
 */
export function buildChapters(files: readonly AudioFile[]): Chapter[] {
  const playable = files.filter((f) => !f.error && !f.exclude && f.duration > 0)
  if (playable.length === 0) return []
  const total = playable.reduce((s, f) => s + f.duration, 0)
  const first = playable[0]
  if (!first) return []
  if (first.chapters.length > 0) {
    const lastStart = first.chapters[first.chapters.length - 1]?.start ?? 0
    if (playable.length === 1 || lastStart >= first.duration) {
      const within = first.chapters.filter((c) => c.start < total)
      return renumber(
        within.map((c, i) => ({
          title: c.title,
          start: c.start,
          end: i === within.length - 1 ? total : Math.min(c.end, total),
        })),
      )
    }
  }
  if (playable.every((f) => f.chapters.some((c) => c.start < f.duration))) {
    let offset = 0
    const all: Omit<Chapter, 'id'>[] = []
    for (const f of playable) {
      for (const c of f.chapters.filter((x) => x.start < f.duration)) {
        all.push({ title: c.title, start: offset + c.start, end: offset + Math.min(c.end, f.duration) })
      }
      offset += f.duration
    }
    return renumber(all)
  }
  const titles = playable.map((f) => f.metaTags.tagTitle ?? null)
  const useTagTitles = titles.every((t) => t !== null) && new Set(titles).size === titles.length
  let offset = 0
  return renumber(
    playable.map((f, i) => {
      const start = offset
      offset += f.duration
      const nameTitle = f.metadata.filename.slice(0, f.metadata.filename.length - f.metadata.ext.length)
      return { title: (useTagTitles ? titles[i] : null) ?? nameTitle, start, end: offset }
    }),
  )
}

/** `.mp3` etc. for the ebook format column. */
export const ebookFormatOf = (fileName: string) => extOf(fileName)
