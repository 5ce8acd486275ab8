import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Book, Chapter } from '@shelfcast/contracts'
import { ffprobe } from '../../media/ffprobe.ts'
import { runFfmpegWithProgress } from '../../media/ffmpeg-run.ts'
import { freeformTagsOf, writeFreeformTags } from '../../media/mp4-freeform.ts'
import {
  bookTags,
  canCopy,
  chaptersFromFiles,
  clipChapters,
  concatList,
  encodeArguments,
  ffmetadata,
  m4bFileName,
  type EncodeInput,
  type EncodeSettings,
} from './encode-plan.ts'
import { ToolCancelled, ToolFailure } from './tool-failure.ts'
import { fileStamp, folderWritable, freeBytes, moveFileWhole } from './tool-files.ts'
import type { ToolRun } from './tool-runs.ts'

/** The merged length may differ from the inputs' sum by this share (frame padding, encoder delay). */
const DURATION_TOLERANCE = 0.01
/** Room left over the estimate: a container, a cover, and the file system's own needs. */
const SPACE_MARGIN_BYTES = 16 * 1024 * 1024

export interface EncodeJob {
  itemId: string
  /** The item's folder (absolute). */
  folder: string
  book: Book
  inputs: EncodeInput[]
  cover: string | null
  settings: EncodeSettings
  /** metadata/cache/items/:id */
  cacheDir: string
}

export interface EncodeDeps {
  ffmpegPath: string
  ffprobePath: string
  /** The scanner's item rescan, once the new file is in place. */
  rescan: (itemId: string) => Promise<unknown>
  run: ToolRun
  progress: (percent: number) => void
  signal: AbortSignal
  clock: () => number
  /** Per input file as the merge passes through it (track_started / track_progress / track_finished). */
  onTrack?: (event: TrackEvent) => void
}

export type TrackEvent =
  | { kind: 'started'; ino: string }
  | { kind: 'finished'; ino: string }
  | { kind: 'progress'; ino: string; progress: number }

export interface EncodeOutcome {
  file: string
  copied: boolean
  duration: number
  chapters: number
}

const errText = (err: unknown) => (err instanceof Error ? err.message : String(err))

/** The output's expected size: the inputs' for a copy, else bitrate × length, plus the cover. */
function estimatedOutputBytes(job: EncodeJob, copy: boolean, total: number, coverBytes: number): number {
  const inputBytes = job.inputs.reduce((sum, i) => sum + i.size, 0)
  if (copy) return inputBytes + coverBytes
  const bitsPerSecond = Number(job.settings.bitrate.replace(/k$/, '')) * 1000
  return Math.ceil((bitsPerSecond * total) / 8) + coverBytes
}

/** Fails unless every input still has the size and mtime it had when the run began. */
async function assertInputsUnchanged(inputs: readonly EncodeInput[], run: ToolRun) {
  for (const input of inputs) {
    const now = await fileStamp(input.path)
    if (!now || now.size !== input.size || now.mtimeMs !== input.mtimeMs) {
      run.log('error', `"${path.basename(input.path)}" changed during the run; nothing was replaced`)
      throw new ToolFailure('mergeFailed', { detail: 'an input file changed during the run' })
    }
  }
}

/** Checks before any work: folder writable, files writable, cache folder, free space. */
async function preflight(job: EncodeJob, deps: EncodeDeps, copy: boolean, total: number) {
  if (!(await folderWritable(job.folder))) throw new ToolFailure('targetNotWritable')
  for (const input of job.inputs) {
    try {
      await fs.access(input.path, fs.constants.R_OK | fs.constants.W_OK)
    } catch {
      throw new ToolFailure('audioFileNotWritable', { subs: [path.basename(input.path)] })
    }
  }
  try {
    await fs.mkdir(job.cacheDir, { recursive: true })
  } catch (err) {
    throw new ToolFailure('cacheDirFailed', { detail: errText(err) })
  }
  const coverBytes = job.cover ? ((await fileStamp(job.cover))?.size ?? 0) : 0
  const output = estimatedOutputBytes(job, copy, total, coverBytes)
  const inputBytes = job.inputs.reduce((sum, i) => sum + i.size, 0)
  const [cacheFree, folderFree] = await Promise.all([freeBytes(job.cacheDir), freeBytes(job.folder)])
  // The cache holds the new file and the backup; the item folder gets the new file (the originals go after).
  const cacheNeeds = output + inputBytes + SPACE_MARGIN_BYTES
  const folderNeeds = output + SPACE_MARGIN_BYTES
  const sameDisk = (await fs.stat(job.cacheDir)).dev === (await fs.stat(job.folder)).dev
  // On one file system the new file is renamed into place: no second copy.
  if (cacheFree < cacheNeeds || (!sameDisk && folderFree < folderNeeds)) {
    deps.run.log(
      'error',
      `Not enough free space: about ${Math.ceil(cacheNeeds / 1e6)} MB needed in the metadata folder and ` +
        `${Math.ceil(folderNeeds / 1e6)} MB in the item folder (free: ${Math.floor(cacheFree / 1e6)} MB, ` +
        `${Math.floor(folderFree / 1e6)} MB)`,
    )
    throw new ToolFailure('noDiskSpace')
  }
}

/** Copies every original into a backup folder of the item's cache (never the library) before anything is removed. */
async function backUp(job: EncodeJob, backupDir: string, run: ToolRun) {
  await fs.mkdir(backupDir, { recursive: true }).catch((err: unknown) => {
    throw new ToolFailure('cacheDirFailed', { detail: errText(err) })
  })
  for (const input of job.inputs) {
    const name = path.basename(input.path)
    try {
      await fs.copyFile(input.path, path.join(backupDir, name), fs.constants.COPYFILE_EXCL)
    } catch (err) {
      throw new ToolFailure('backupFailed', { subs: [name], detail: errText(err) })
    }
  }
  run.log('info', `Backed up ${job.inputs.length} audio files to ${backupDir}`)
}

/** Removes the originals; one that cannot go brings back those already removed from the backup. */
async function removeOriginals(job: EncodeJob, backupDir: string, run: ToolRun) {
  const removed: EncodeInput[] = []
  for (const input of job.inputs) {
    try {
      await fs.rm(input.path)
      removed.push(input)
    } catch (err) {
      for (const back of removed)
        await fs.copyFile(path.join(backupDir, path.basename(back.path)), back.path).catch(() => undefined)
      run.log('error', `Could not remove ${path.basename(input.path)}: ${errText(err)}`)
      throw new ToolFailure('audioFileNotWritable', {
        subs: [path.basename(input.path)],
        detail: errText(err),
      })
    }
  }
}

/** A name in the item folder for the new file: the title's, or the first free "name (n).m4b". */
async function freeTargetName(folder: string, name: string, leaving: readonly string[]): Promise<string> {
  const stem = name.slice(0, -'.m4b'.length)
  for (let n = 0; n < 1000; n++) {
    const candidate = path.join(folder, n === 0 ? name : `${stem} (${n}).m4b`)
    if (leaving.includes(candidate)) return candidate
    if (!(await fileStamp(candidate))) return candidate
  }
  throw new ToolFailure('moveFailed', { detail: 'no free file name' })
}

/** Turns the merge's position into per-file events: started, whole-percent progress, finished. */
function trackReporter(inputs: readonly EncodeInput[], emit: EncodeDeps['onTrack']) {
  let current = -1
  let lastPercent = -1
  const starts: number[] = []
  let offset = 0
  for (const input of inputs) {
    starts.push(offset)
    offset += input.duration
  }
  return {
    at(seconds: number) {
      if (!emit) return
      for (;;) {
        const input = inputs[current]
        const end = input ? (starts[current] ?? 0) + input.duration : 0
        if (current >= 0 && input && seconds < end) break
        if (current >= 0 && input) {
          if (lastPercent < 100) emit({ kind: 'progress', ino: input.ino, progress: 100 })
          emit({ kind: 'finished', ino: input.ino })
        }
        current++
        lastPercent = -1
        const next = inputs[current]
        if (!next) return
        emit({ kind: 'started', ino: next.ino })
      }
      const input = inputs[current]
      if (!input) return
      const percent = Math.floor(((seconds - (starts[current] ?? 0)) / Math.max(input.duration, 0.001)) * 100)
      if (percent !== lastPercent) {
        lastPercent = percent
        emit({ kind: 'progress', ino: input.ino, progress: Math.max(0, Math.min(100, percent)) })
      }
    },
  }
}

/**
 * Merges a book's audio files into one M4B: ffmpeg into the item's cache folder, the result probed (length
 * within 1 % of the inputs', the chapters all there), the originals backed up into the cache, the new file moved
 * into the item folder, the originals removed, the item rescanned. Any failure or cancel before the move leaves
 * the item folder exactly as it was.
 */
export async function encodeM4b(job: EncodeJob, deps: EncodeDeps): Promise<EncodeOutcome> {
  const { run, signal } = deps
  const total = job.inputs.reduce((sum, i) => sum + i.duration, 0)
  const copy = job.settings.codec === 'copy' && canCopy(job.inputs)
  if (job.settings.codec === 'copy' && !copy)
    run.log(
      'warn',
      'Codec copy needs AAC inputs of one sample rate and channel count: encoding to AAC instead',
    )
  const itemChapters = clipChapters(job.book.chapters, total)
  // A book without chapters of its own gets one per file rather than none.
  const chapters: Chapter[] =
    job.settings.chapters === 'files' || itemChapters.length === 0
      ? chaptersFromFiles(job.inputs)
      : itemChapters

  await preflight(job, deps, copy, total)
  const workDir = path.join(job.cacheDir, `encode-${deps.clock()}-${crypto.randomBytes(4).toString('hex')}`)
  try {
    await fs.mkdir(workDir, { recursive: true })
  } catch (err) {
    throw new ToolFailure('cacheDirFailed', { detail: errText(err) })
  }
  try {
    const listFile = path.join(workDir, 'inputs.txt')
    const metadataFile = path.join(workDir, 'metadata.txt')
    const output = path.join(workDir, 'output.m4b')
    await fs.writeFile(listFile, concatList(job.inputs))
    const tags = bookTags(job.book)
    await fs.writeFile(metadataFile, ffmetadata(tags, chapters))
    const args = encodeArguments({
      inputs: job.inputs,
      listFile,
      metadataFile,
      cover: job.cover,
      output,
      copy,
      settings: job.settings,
      hasChapters: chapters.length > 0,
    })
    run.log(
      'info',
      `Merging ${job.inputs.length} files (${Math.round(total)} s) ${copy ? 'with codec copy' : `to AAC ${job.settings.bitrate}`}, ` +
        `${chapters.length} chapters${job.cover ? ', cover' : ''}`,
    )
    const tracks = trackReporter(job.inputs, deps.onTrack)
    const result = await runFfmpegWithProgress({
      ffmpegPath: deps.ffmpegPath,
      args,
      signal,
      onProgress: (seconds) => {
        // The merge is 95 % of the work; probing, backup and move take the rest.
        if (total > 0) deps.progress(Math.min(95, (seconds / total) * 95))
        tracks.at(seconds)
      },
    })
    if (result.ok) tracks.at(Infinity)
    if (result.aborted || signal.aborted) throw new ToolCancelled()
    if (!result.ok) {
      const how = result.signal ? `killed by ${result.signal}` : `exit code ${result.code}`
      run.log('error', `ffmpeg failed (${how}): ${result.stderrTail.split('\n').slice(-3).join(' ')}`)
      throw new ToolFailure('mergeFailed', { detail: how })
    }
    await assertInputsUnchanged(job.inputs, run)
    // ffmpeg's MP4 muxer drops publisher, ASIN, series ...: they go into the new file as freeform atoms.
    const added = await writeFreeformTags(output, freeformTagsOf(tags)).catch((err: unknown) => {
      throw new ToolFailure('mergeFailed', { detail: `tags: ${errText(err)}` })
    })
    if (!added.written) run.log('warn', `Publisher, ASIN, series ... not written: ${added.reason}`)

    const probed = await ffprobe(deps.ffprobePath, output).catch((err: unknown) => {
      throw new ToolFailure('mergeFailed', { detail: `probe: ${errText(err)}` })
    })
    const duration = Number(probed.format?.duration ?? NaN)
    const probedChapters = probed.chapters?.length ?? 0
    if (!(Math.abs(duration - total) <= total * DURATION_TOLERANCE) || probedChapters !== chapters.length) {
      run.log(
        'error',
        `The merged file is wrong: ${duration} s for ${total} s of input, ${probedChapters} of ${chapters.length} chapters`,
      )
      throw new ToolFailure('mergeFailed', { detail: 'probe mismatch' })
    }
    run.log('info', `Merged: ${duration.toFixed(1)} s, ${probedChapters} chapters`)
    deps.progress(96)
    if (signal.aborted) throw new ToolCancelled()

    const backupDir = path.join(
      job.cacheDir,
      'backup',
      `${deps.clock()}-${crypto.randomBytes(4).toString('hex')}`,
    )
    try {
      await backUp(job, backupDir, run)
      await assertInputsUnchanged(job.inputs, run)
      if (signal.aborted) throw new ToolCancelled()
    } catch (err) {
      // Nothing was replaced: a backup of this run would only take space.
      await fs.rm(backupDir, { recursive: true, force: true })
      throw err
    }
    deps.progress(98)

    // Past this point the item folder changes: the new file first (whole or not at all), then the originals go.
    const leaving = job.inputs.map((i) => path.resolve(i.path))
    const target = await freeTargetName(job.folder, m4bFileName(job.book.metadata.title), leaving)
    const staged = leaving.includes(target) ? path.join(job.folder, `.${path.basename(target)}.new`) : target
    try {
      await moveFileWhole(output, staged)
    } catch (err) {
      await fs.rm(staged, { force: true })
      await fs.rm(backupDir, { recursive: true, force: true })
      run.log('error', `Could not move the new file into ${job.folder}: ${errText(err)}`)
      throw new ToolFailure('moveFailed', { detail: errText(err) })
    }
    try {
      await removeOriginals(job, backupDir, run)
      if (staged !== target) await fs.rename(staged, target)
    } catch (err) {
      await fs.rm(staged, { force: true })
      throw err
    }
    run.log('info', `Replaced ${job.inputs.length} files with ${path.basename(target)}`)
    // The new file is in place whatever the rescan does: a failed rescan is the next scan's to fix, not a failure.
    try {
      await deps.rescan(job.itemId)
      run.log('info', 'Item rescanned')
    } catch (err) {
      run.log(
        'warn',
        `The item could not be rescanned (${errText(err)}); the next library scan will pick it up`,
      )
    }
    return { file: target, copied: copy, duration, chapters: probedChapters }
  } finally {
    await fs.rm(workDir, { recursive: true, force: true })
  }
}
