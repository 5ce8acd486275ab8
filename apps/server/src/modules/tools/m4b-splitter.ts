import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { Book, Chapter } from '@shelfcast/contracts'
import { runFfmpegWithProgress } from '../../media/ffmpeg-run.ts'
import { chapterArguments, chapterFileName } from './split-plan.ts'
import { ToolCancelled, ToolFailure } from './tool-failure.ts'
import { fileStamp, folderWritable, moveFolderWhole } from './tool-files.ts'
import type { ToolRun } from './tool-runs.ts'

export interface SplitJob {
  itemId: string
  input: string
  book: Book
  chapters: Chapter[]
  cover: string | null
  bitrate: string
  /** The new folder beside the book's; must not exist. */
  target: string
  cacheDir: string
}

export interface SplitDeps {
  ffmpegPath: string
  run: ToolRun
  progress: (percent: number) => void
  signal: AbortSignal
  clock: () => number
  /** Scans the new folder in as an item of the library. */
  scanNewFolder: (folder: string) => Promise<unknown>
}

const errText = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * Splits a one-file book into one tagged MP3 per chapter. The MP3s are made in the item's cache folder and the
 * finished folder is moved beside the book's in one step, so a failure or cancel leaves no half folder; the
 * original is never touched.
 */
export async function splitM4b(job: SplitJob, deps: SplitDeps): Promise<{ folder: string; files: number }> {
  const { run, signal } = deps
  const parent = path.dirname(job.target)
  if (!(await folderWritable(parent))) throw new ToolFailure('targetNotWritable')
  if (await fileStamp(job.target)) throw new ToolFailure('targetNotWritable', { detail: 'the folder exists' })
  const workDir = path.join(job.cacheDir, `split-${deps.clock()}-${crypto.randomBytes(4).toString('hex')}`)
  try {
    await fs.mkdir(workDir, { recursive: true })
  } catch (err) {
    throw new ToolFailure('cacheDirFailed', { detail: errText(err) })
  }
  const start = await fileStamp(job.input)
  try {
    const out = path.join(workDir, path.basename(job.target))
    await fs.mkdir(out)
    const count = job.chapters.length
    for (const [index, chapter] of job.chapters.entries()) {
      if (signal.aborted) throw new ToolCancelled()
      const name = chapterFileName(chapter, index, count)
      const length = Math.max(0.001, chapter.end - chapter.start)
      const result = await runFfmpegWithProgress({
        ffmpegPath: deps.ffmpegPath,
        args: chapterArguments({
          input: job.input,
          cover: job.cover,
          chapter,
          index,
          count,
          book: job.book,
          bitrate: job.bitrate,
          output: path.join(out, name),
        }),
        signal,
        onProgress: (seconds) => deps.progress(((index + Math.min(1, seconds / length)) / count) * 98),
      })
      if (result.aborted || signal.aborted) throw new ToolCancelled()
      if (!result.ok) {
        run.log(
          'error',
          `ffmpeg failed on chapter ${index + 1}: ${result.stderrTail.split('\n').slice(-3).join(' ')}`,
        )
        throw new ToolFailure('splitFailed')
      }
      run.log('info', `Chapter ${index + 1}/${count}: ${name}`)
      deps.progress(((index + 1) / count) * 98)
    }
    // A cancel after the last chapter still leaves nothing beside the book.
    if (signal.aborted) throw new ToolCancelled()
    const now = await fileStamp(job.input)
    if (!start || !now || now.size !== start.size || now.mtimeMs !== start.mtimeMs) {
      run.log('error', 'The book file changed during the split; nothing was created')
      throw new ToolFailure('splitFailed')
    }
    try {
      await moveFolderWhole(out, job.target)
    } catch (err) {
      run.log('error', `Could not create ${job.target}: ${errText(err)}`)
      throw new ToolFailure('targetNotWritable', { detail: errText(err) })
    }
    run.log('info', `Created ${job.target} with ${count} MP3 files`)
    await deps.scanNewFolder(job.target)
    return { folder: job.target, files: count }
  } finally {
    await fs.rm(workDir, { recursive: true, force: true })
  }
}
