import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import os from 'node:os'
import path from 'node:path'
import type { AudioFile, Book, LibraryItem } from '@shelfcast/contracts'
import sharp from 'sharp'
import { isInsideOrEqual } from '../../../files/contained-path.ts'
import { runFfmpegWithProgress } from '../../../media/ffmpeg-run.ts'
import { freeformTagsOf, writeFreeformTags } from '../../../media/mp4-freeform.ts'
import { probeAudioFile } from '../../../scanner/audio-probe.ts'
import {
  bookTags,
  chaptersOfFile,
  embedArguments,
  ffmetadataText,
  pictureBlockBase64,
  tagFlavourOf,
  type TagFlavour,
} from './embed-tags.ts'
import { copyDurably, isWritable, replaceAtomically } from './replace-file.ts'

/** Spec §8 task failures. */
export const EMBED_FAILURES = {
  notWritable: 'audio file not writable',
  writeFailed: 'failed to write metadata file',
  backupFailed: 'failed to back up audio file',
  cacheDir: 'failed to create cache directory',
} as const

/** A failure the task shows as its error: one of the §8 messages. */
export class EmbedFailure extends Error {}

/** A tag pass copies streams: even a long file takes seconds; minutes means ffmpeg hangs. */
const FFMPEG_TIMEOUT_MS = 10 * 60_000
/** Files of one item written at once (bounded by the CPUs too). */
const FILES_AT_ONCE = 4

export interface EmbedOptions {
  forceEmbedChapters: boolean
  backup: boolean
}

export interface EmbedHooks {
  log(level: 'info' | 'warn' | 'error', message: string): void
  trackStarted(ino: string): void
  trackProgress(ino: string, percent: number): void
  trackFinished(ino: string): void
  /** The whole item's progress, 0–100. */
  progress(percent: number): void
}

export interface EmbedEnv {
  ffmpegPath: string
  ffprobePath: string
  metadataPath: string
}

type BookItem = Extract<LibraryItem, { mediaType: 'book' }>

/** One audio file to write and where its chapters start in the book. */
interface FilePlan {
  file: AudioFile
  flavour: TagFlavour
  /** Offset of the file in the book (seconds), null for an excluded file (no chapters go in). */
  bookStart: number | null
}

function plan(media: Book): FilePlan[] {
  const starts = new Map(media.tracks.map((t) => [t.ino, t.startOffset]))
  const out: FilePlan[] = []
  for (const file of [...media.audioFiles].sort((a, b) => a.index - b.index)) {
    const flavour = tagFlavourOf(file.metadata.ext)
    if (!flavour) continue
    out.push({ file, flavour, bookStart: starts.get(file.ino) ?? null })
  }
  return out
}

/** Why the tool cannot work on this item, or null when it can (the routes answer 400 with it). */
export function unembeddableReason(item: LibraryItem): string | null {
  if (item.mediaType !== 'book') return 'Embedding metadata is not supported for podcasts'
  if (item.isMissing) return 'Item is missing'
  if (plan(item.media).length === 0) return 'Item has no audio files to embed metadata into'
  return null
}

/**
 * One ffmpeg pass writing a file's tags, reporting the percentage of `duration` written (at most 99 until it is
 * done); stopped past FFMPEG_TIMEOUT_MS. Throws with the last stderr lines when it fails.
 */
async function runTagPass(
  env: EmbedEnv,
  args: string[],
  duration: number,
  onPercent: (percent: number) => void,
): Promise<void> {
  const result = await runFfmpegWithProgress({
    ffmpegPath: env.ffmpegPath,
    args,
    signal: AbortSignal.timeout(FFMPEG_TIMEOUT_MS),
    onProgress: (seconds) => {
      if (duration > 0) onPercent(Math.min(99, (seconds / duration) * 100))
    },
  })
  if (result.ok) return
  const lines = result.stderrTail.split('\n')
  // It never started (no ffmpeg at that path ...): the tail ends with the spawn error.
  if (result.code === null && result.signal === null && !result.aborted) throw new Error(lines.at(-1))
  const how = result.aborted
    ? `timed out after ${FFMPEG_TIMEOUT_MS / 1000} s (${result.signal ?? result.code})`
    : `exited ${result.signal ?? result.code}`
  throw new Error(`ffmpeg ${how}: ${lines.slice(-3).join(' ')}`)
}

/** The item's folder as every file of it must lie in (for a one-file item, the folder holding the file). */
function itemRoot(item: LibraryItem): string {
  return item.isFile ? path.dirname(item.path) : item.path
}

/** The cover as JPEG or PNG (what ID3, MP4 and FLAC pictures hold), converted into the cache when it is not. */
async function coverFor(
  item: BookItem,
  env: EmbedEnv,
  cacheDir: string,
): Promise<{ file: string; mime: string; width: number; height: number } | null> {
  const cover = item.media.coverPath
  if (!cover) return null
  const resolved = await fs.realpath(cover).catch(() => null)
  if (!resolved) return null
  const inside = [itemRoot(item), env.metadataPath].some((root) =>
    isInsideOrEqual(resolved, path.resolve(root)),
  )
  if (!inside) return null
  try {
    const meta = await sharp(resolved).metadata()
    if ((meta.format === 'jpeg' || meta.format === 'png') && meta.width && meta.height) {
      return { file: resolved, mime: `image/${meta.format}`, width: meta.width, height: meta.height }
    }
    const out = path.join(cacheDir, 'embed-cover.jpg')
    const info = await sharp(resolved).jpeg({ quality: 90 }).toFile(out)
    return { file: out, mime: 'image/jpeg', width: info.width, height: info.height }
  } catch {
    return null
  }
}

/**
 * The new file must read back: audio at its full length, the title written, the chapters when some were written.
 * Read in-process like the scanner does (ffprobe only for what it cannot parse): a process per file would double
 * the run's cost, and the rescan afterwards reads the same way.
 */
async function verify(
  env: EmbedEnv,
  file: string,
  original: AudioFile,
  expect: { chapters: number; title: string | null },
): Promise<void> {
  const { size } = await fs.stat(file)
  const probe = await probeAudioFile(file, size, { ffprobePath: env.ffprobePath })
  if (probe.error) throw new Error(`written file does not read back: ${probe.error}`)
  const tolerance = Math.max(1, original.duration * 0.01)
  if (original.duration > 0 && !(Math.abs(probe.duration - original.duration) <= tolerance)) {
    throw new Error(`written file lasts ${probe.duration}s, the original ${original.duration}s`)
  }
  if (expect.chapters > 0 && probe.chapters.length < expect.chapters) {
    throw new Error(`written file has ${probe.chapters.length} chapters, expected ${expect.chapters}`)
  }
  if (expect.title && probe.tags.title === null) throw new Error('written file has no title tag')
}

/** Where the original of `file` is backed up: its path inside the item, under the item's backup folder. */
function backupPathOf(item: LibraryItem, backupDir: string, file: string): string {
  const rel = path.relative(itemRoot(item), file)
  const safe = rel && !rel.startsWith('..') && !path.isAbsolute(rel) ? rel : path.basename(file)
  return path.join(backupDir, safe)
}

/**
 * Writes the book's metadata, cover and chapters into each of its audio files: each file is written to the item's
 * cache folder (metadata/cache/items/:id), probed, its original backed up there, then swapped in atomically. Every
 * file is checked writable before any is touched; a failure throws an EmbedFailure with the §8 message, and the
 * file it failed on stays as it was (files finished before it keep their new tags).
 */
export async function embedItemMetadata(
  item: BookItem,
  opts: EmbedOptions,
  env: EmbedEnv,
  hooks: EmbedHooks,
): Promise<{ filesWritten: number }> {
  const plans = plan(item.media)
  const root = path.resolve(itemRoot(item))
  for (const p of plans) {
    const real = await fs.realpath(p.file.metadata.path).catch(() => null)
    if (!real || !isInsideOrEqual(real, root) || !(await isWritable(real))) {
      hooks.log('error', `Not writable: ${p.file.metadata.relPath}`)
      throw new EmbedFailure(EMBED_FAILURES.notWritable)
    }
  }

  const cacheDir = path.join(env.metadataPath, 'cache', 'items', item.id)
  const backupDir = path.join(cacheDir, 'backup')
  try {
    await fs.mkdir(cacheDir, { recursive: true })
    if (opts.backup) await fs.mkdir(backupDir, { recursive: true })
  } catch (err) {
    hooks.log('error', `Cache folder ${cacheDir}: ${(err as Error).message}`)
    throw new EmbedFailure(EMBED_FAILURES.cacheDir)
  }

  const cover = await coverFor(item, env, cacheDir)
  if (item.media.coverPath && !cover) hooks.log('warn', 'The cover could not be read; files keep their own')
  let pictureBlock: string | null = null
  if (cover && plans.some((p) => p.flavour === 'ogg')) {
    pictureBlock = pictureBlockBase64(await fs.readFile(cover.file), cover.mime, cover.width, cover.height)
  }
  const embedChapters = plans.length === 1 || opts.forceEmbedChapters
  if (!embedChapters && item.media.chapters.length > 0) {
    hooks.log('info', 'Chapters are not embedded into a book of several files unless forced')
  }

  const tag = crypto.randomBytes(4).toString('hex')
  const fractions = plans.map(() => 0)
  const reportTotal = () => hooks.progress((fractions.reduce((a, b) => a + b, 0) / plans.length) * 100)

  const writeOne = async (p: FilePlan, i: number) => {
    const { file } = p
    const source = file.metadata.path
    const before = await fs.stat(source)
    const chapters =
      embedChapters && p.bookStart !== null
        ? chaptersOfFile(item.media.chapters, plans.length === 1 ? 0 : p.bookStart, file.duration)
        : []
    const metadataFile = path.join(cacheDir, `embed-${tag}-${i}.ffmeta`)
    const output = path.join(cacheDir, `embed-${tag}-${i}${path.extname(source).toLowerCase()}`)
    hooks.trackStarted(file.ino)
    hooks.log('info', `Writing ${file.metadata.relPath}`)
    try {
      try {
        const tags = bookTags(item.media.metadata, { index: i + 1, total: plans.length })
        await fs.writeFile(metadataFile, ffmetadataText({ tags, chapters, flavour: p.flavour, pictureBlock }))
        const args = embedArguments({
          input: source,
          metadataFile,
          output,
          flavour: p.flavour,
          cover: cover?.file ?? null,
          embedChapters: chapters.length > 0,
        })
        await runTagPass(env, args, file.duration, (pct) => {
          hooks.trackProgress(file.ino, pct)
          fractions[i] = pct / 100
          reportTotal()
        })
        if (p.flavour === 'mp4') {
          // ffmpeg's MP4 muxer drops publisher, ASIN, series ...: they go in as freeform atoms (temp file only).
          const added = await writeFreeformTags(output, freeformTagsOf(tags))
          if (!added.written)
            hooks.log('warn', `${file.metadata.relPath}: extra tags not written (${added.reason})`)
        }
        await verify(env, output, file, { chapters: chapters.length, title: item.media.metadata.title })
      } catch (err) {
        hooks.log('error', `${file.metadata.relPath}: ${(err as Error).message}`)
        throw new EmbedFailure(EMBED_FAILURES.writeFailed)
      }
      if (opts.backup) {
        try {
          const target = backupPathOf(item, backupDir, source)
          await fs.mkdir(path.dirname(target), { recursive: true })
          await copyDurably(source, target)
        } catch (err) {
          hooks.log('error', `Backing up ${file.metadata.relPath}: ${(err as Error).message}`)
          throw new EmbedFailure(EMBED_FAILURES.backupFailed)
        }
      }
      // Someone changed the file while it was being written: theirs wins, ours is dropped.
      const now = await fs.stat(source)
      if (now.size !== before.size || now.mtimeMs !== before.mtimeMs) {
        hooks.log('error', `${file.metadata.relPath} changed during the run`)
        throw new EmbedFailure(EMBED_FAILURES.writeFailed)
      }
      try {
        await replaceAtomically(output, source)
      } catch (err) {
        hooks.log('error', `Replacing ${file.metadata.relPath}: ${(err as Error).message}`)
        throw new EmbedFailure(EMBED_FAILURES.notWritable)
      }
    } finally {
      await fs.rm(output, { force: true }).catch(() => undefined)
      await fs.rm(metadataFile, { force: true }).catch(() => undefined)
    }
    fractions[i] = 1
    hooks.trackProgress(file.ino, 100)
    hooks.trackFinished(file.ino)
    reportTotal()
  }

  // A few files at once: each is a short ffmpeg process that mostly waits on starting up and on the disk.
  let next = 0
  let written = 0
  let failure: unknown = null
  const worker = async () => {
    while (failure === null && next < plans.length) {
      const i = next++
      try {
        await writeOne(plans[i] as FilePlan, i)
        written++
      } catch (err) {
        failure ??= err
      }
    }
  }
  const width = Math.max(1, Math.min(FILES_AT_ONCE, os.availableParallelism(), plans.length))
  await Promise.all(Array.from({ length: width }, worker))
  // The converted cover (if any) is only needed during the run, whatever its outcome.
  await fs.rm(path.join(cacheDir, 'embed-cover.jpg'), { force: true }).catch(() => undefined)
  if (failure !== null) throw failure
  hooks.log('info', `Metadata embedded into ${written} file${written === 1 ? '' : 's'}`)
  return { filesWritten: written }
}
