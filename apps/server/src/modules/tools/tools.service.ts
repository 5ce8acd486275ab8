import fs from 'node:fs/promises'
import path from 'node:path'
import type { Book, LibraryItem, Task, ToolRunLog, ToolTaskResponse } from '@shelfcast/contracts'
import type { EncodeM4bQuery, SplitM4bRequest } from '@shelfcast/contracts'
import type { z } from 'zod'
import type { Logger } from 'pino'
import type { Clock } from '../../clock.ts'
import { isInsideOrEqual } from '../../files/contained-path.ts'
import { badRequest, conflict, notFound } from '../../http/errors.ts'
import type { TaskHandle, TaskRunner } from '../../jobs/task-runner.ts'
import { ffprobe } from '../../media/ffprobe.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { ScanService } from '../../scanner/scan.service.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import type { EncodeInput, EncodeSettings } from './encode-plan.ts'
import { encodeM4b } from './m4b-encoder.ts'
import { splitM4b } from './m4b-splitter.ts'
import { splitTarget } from './split-plan.ts'
import { fileStamp } from './tool-files.ts'
import { ToolCancelled, ToolFailure, toolFailures } from './tool-failure.ts'
import type { ToolRun, ToolRuns } from './tool-runs.ts'

const ITEM_NOT_FOUND = 'Item not found'
/** The work folders of m4b-encoder.ts and m4b-splitter.ts. */
const STALE_WORK = /^(encode|split)-\d+-[0-9a-f]{8}$/
const SPLITTABLE = new Set(['m4b', 'm4a', 'mp4'])

interface ToolItem {
  item: LibraryItem
  book: Book
  folder: string
}

const errText = (err: unknown) => (err instanceof Error ? err.message : String(err))

/**
 * The audio tools of modules/tools: merging a book into one M4B and splitting a one-file book into MP3s. Each run
 * holds the item through ToolRuns (one tool per item), runs as a task, and writes its log for the manage page.
 */
export class ToolsService {
  private readonly deps: {
    items: ItemsService
    libraries: LibrariesService
    scans: Pick<ScanService, 'scanItem' | 'scanChangedPaths'>
    tasks: TaskRunner
    runs: ToolRuns
    realtime: Pick<Realtime, 'toAdmins'>
    ffmpegPath: string
    ffprobePath: string
    metadataPath: string
    clock: Clock
    log: Logger
  }
  /** Running encodes and splits by item, to cancel them (and to stop them on shutdown). */
  private readonly running = new Map<
    string,
    { action: Task['action']; abort: AbortController; done: Promise<void>; task: Task }
  >()

  constructor(deps: ToolsService['deps']) {
    this.deps = deps
  }

  /** A visible book with its folder, contained in one of its library's folders (never act outside it). */
  private async toolItem(user: UserRecord, id: string): Promise<ToolItem> {
    const [visible] = await this.deps.items.filterVisible(user, [id])
    const [item] = visible ? await this.deps.items.expanded([visible]) : []
    if (!item) throw notFound(ITEM_NOT_FOUND)
    if (item.mediaType !== 'book') throw badRequest('The audio tools work on books only')
    if (item.isFile)
      throw badRequest('The book is a single file in the library folder; move it into a folder first')
    if (item.isMissing) throw badRequest('The item is missing')
    const library = (await this.deps.libraries.all()).find((l) => l.id === item.libraryId)
    const folder = path.resolve(item.path)
    if (
      !library?.folders.some(
        (f) => isInsideOrEqual(folder, path.resolve(f.fullPath)) && folder !== path.resolve(f.fullPath),
      )
    )
      throw badRequest('The item is not inside a library folder')
    return { item, book: item.media, folder }
  }

  private audioFilesOf(t: ToolItem) {
    const files = t.book.audioFiles.filter((f) => !f.exclude).sort((a, b) => a.index - b.index)
    if (files.length === 0) throw badRequest('The book has no audio files')
    for (const f of files)
      if (!isInsideOrEqual(path.resolve(f.metadata.path), t.folder))
        throw badRequest('An audio file is outside the item folder')
    return files
  }

  private begin(itemId: string): ToolRun {
    const run = this.deps.runs.begin(itemId)
    if (!run) throw conflict('A tool is already running on this item')
    return run
  }

  private cacheDirOf(itemId: string) {
    return path.join(this.deps.metadataPath, 'cache', 'items', itemId)
  }

  /** POST /api/tools/item/:id/encode-m4b */
  async encode(
    user: UserRecord,
    id: string,
    query: z.output<typeof EncodeM4bQuery>,
  ): Promise<ToolTaskResponse> {
    const t = await this.toolItem(user, id)
    const files = this.audioFilesOf(t)
    if (files.length === 1 && files[0]?.metadata.ext.toLowerCase() === '.m4b')
      throw badRequest('The book is already a single M4B file')
    const settings: EncodeSettings = {
      codec: query.codec,
      bitrate: query.bitrate,
      channels: query.channels,
      sampleRate: query.sampleRate,
      chapters: query.chapters,
    }
    const run = this.begin(id)
    const title = t.book.metadata.title ?? path.basename(t.folder)
    const handle = this.deps.tasks.start({
      action: 'encode-m4b',
      title: 'Encoding M4B',
      titleKey: 'MessageTaskEncodingM4b',
      description: `Encoding "${title}" into a single m4b file`,
      descriptionKey: 'MessageTaskEncodingM4bDescription',
      descriptionSubs: [title],
      data: { libraryId: t.item.libraryId, libraryItemId: id },
    })
    run.attachTask(handle.task)
    run.log(
      'info',
      `Encode started: ${files.length} files, ${settings.codec} ${settings.bitrate}, ${settings.channels} channels`,
    )
    this.track(id, 'encode-m4b', handle, run, async (signal) => {
      // Every file's rate and layout decide between codec copy, the concat demuxer and the concat filter.
      const inputs = await this.probeInputs(files)
      const outcome = await encodeM4b(
        {
          itemId: id,
          folder: t.folder,
          book: t.book,
          inputs,
          cover: await this.coverOf(t),
          settings,
          cacheDir: this.cacheDirOf(id),
        },
        {
          ffmpegPath: this.deps.ffmpegPath,
          ffprobePath: this.deps.ffprobePath,
          rescan: (itemId) => this.deps.scans.scanItem(itemId),
          run,
          progress: (p) => handle.progress(p),
          signal,
          clock: this.deps.clock,
          onTrack: (e) => {
            const payload = { libraryItemId: id, ino: e.ino }
            if (e.kind === 'started') this.deps.realtime.toAdmins('track_started', payload)
            else if (e.kind === 'finished') this.deps.realtime.toAdmins('track_finished', payload)
            else this.deps.realtime.toAdmins('track_progress', { ...payload, progress: e.progress })
          },
        },
      )
      return `Encoded "${title}" into ${path.basename(outcome.file)}`
    })
    return { task: { ...handle.task } }
  }

  /** DELETE /api/tools/item/:id/encode-m4b */
  cancelEncode(id: string): Promise<ToolTaskResponse> {
    return this.cancel(id, 'encode-m4b', 'No encode is running for this item')
  }

  /** DELETE /api/tools/item/:id/split-m4b */
  cancelSplit(id: string): Promise<ToolTaskResponse> {
    return this.cancel(id, 'split-m4b', 'No split is running for this item')
  }

  /** Stops the item's running tool of this kind and answers once its task has ended (cancelled). */
  private async cancel(id: string, action: Task['action'], none: string): Promise<ToolTaskResponse> {
    const entry = this.running.get(id)
    if (!entry || entry.action !== action) throw notFound(none)
    entry.abort.abort()
    await entry.done
    return { task: { ...entry.task } }
  }

  /** POST /api/tools/item/:id/split-m4b */
  async split(
    user: UserRecord,
    id: string,
    body: z.output<typeof SplitM4bRequest>,
  ): Promise<ToolTaskResponse> {
    const t = await this.toolItem(user, id)
    const files = this.audioFilesOf(t)
    const [file] = files
    if (!file || files.length !== 1 || !SPLITTABLE.has(file.metadata.ext.toLowerCase().replace(/^\./, '')))
      throw badRequest('Only a book of one M4B or M4A file can be split')
    const chapters = t.book.chapters.length > 0 ? t.book.chapters : file.chapters
    if (chapters.length === 0) throw badRequest('The book has no chapters to split at')
    const target = splitTarget(t.folder, t.book.metadata.title)
    const library = (await this.deps.libraries.all()).find((l) => l.id === t.item.libraryId)
    if (!library?.folders.some((f) => isInsideOrEqual(target, path.resolve(f.fullPath))))
      throw badRequest('The new folder would be outside the library folder')
    if (await fileStamp(target)) throw badRequest(`The folder "${path.basename(target)}" already exists`)
    const run = this.begin(id)
    const title = t.book.metadata.title ?? path.basename(t.folder)
    const handle = this.deps.tasks.start({
      action: 'split-m4b',
      title: 'Splitting M4B',
      titleKey: 'MessageTaskSplittingM4b',
      description: `Splitting "${title}" into ${chapters.length} MP3 files`,
      descriptionKey: 'MessageTaskSplittingM4bDescription',
      descriptionSubs: [title, String(chapters.length)],
      data: { libraryId: t.item.libraryId, libraryItemId: id },
    })
    run.attachTask(handle.task)
    run.log('info', `Split started: ${chapters.length} chapters into "${target}"`)
    this.track(id, 'split-m4b', handle, run, async (signal) => {
      const outcome = await splitM4b(
        {
          itemId: id,
          input: path.resolve(file.metadata.path),
          book: t.book,
          chapters,
          cover: await this.coverOf(t),
          bitrate: body.bitrate,
          target,
          cacheDir: this.cacheDirOf(id),
        },
        {
          ffmpegPath: this.deps.ffmpegPath,
          run,
          progress: (p) => handle.progress(p),
          signal,
          clock: this.deps.clock,
          // The new folder sits in the library folder, so it is scanned in as a new book.
          scanNewFolder: (folder) => this.deps.scans.scanChangedPaths(t.item.libraryId, [folder]),
        },
      )
      return `Split "${title}" into ${outcome.files} MP3 files`
    })
    return { task: { ...handle.task } }
  }

  /** GET /api/tools/item/:id/log */
  async latestLog(user: UserRecord, id: string): Promise<ToolRunLog> {
    const [visible] = await this.deps.items.filterVisible(user, [id])
    if (!visible) throw notFound(ITEM_NOT_FOUND)
    return this.deps.runs.latest(id)
  }

  /**
   * Removes work folders a run left when the server died mid-run (encode-… and split-… in each item's cache). They
   * never hold anything of the library's: the item folder was only changed after the work folder's last use.
   */
  async sweepStaleWork(): Promise<number> {
    const items = path.join(this.deps.metadataPath, 'cache', 'items')
    let removed = 0
    const ids = await fs.readdir(items).catch(() => [] as string[])
    for (const id of ids) {
      if (this.running.has(id)) continue
      const names = await fs.readdir(path.join(items, id)).catch(() => [] as string[])
      for (const name of names.filter((n) => STALE_WORK.test(n))) {
        await fs.rm(path.join(items, id, name), { recursive: true, force: true })
        removed++
      }
    }
    return removed
  }

  /** Cancels every running tool and waits for them (server shutdown). */
  async stop(): Promise<void> {
    const all = [...this.running.values()]
    for (const entry of all) entry.abort.abort()
    await Promise.all(all.map((e) => e.done))
  }

  private async probeInputs(files: ReturnType<ToolsService['audioFilesOf']>): Promise<EncodeInput[]> {
    const inputs: EncodeInput[] = []
    for (const f of files) {
      const p = path.resolve(f.metadata.path)
      const stamp = await fileStamp(p)
      if (!stamp)
        throw new ToolFailure('audioFileNotWritable', { subs: [f.metadata.filename], detail: 'missing' })
      const probed = await ffprobe(this.deps.ffprobePath, p).catch(() => null)
      const stream = probed?.streams?.find((s) => s.codec_type === 'audio')
      const sampleRate = stream?.sample_rate ? Number(stream.sample_rate) : null
      const codec = stream?.codec_name ?? f.codec
      const channels = stream?.channels ?? f.channels
      const title = f.metaTags.tagTitle?.trim() || path.parse(f.metadata.filename).name
      inputs.push({
        path: p,
        ino: f.ino,
        duration: f.duration,
        codec,
        sampleRate,
        channels,
        size: stamp.size,
        mtimeMs: stamp.mtimeMs,
        title,
      })
    }
    return inputs
  }

  /** The item's cover, when it is a file that still exists. */
  private async coverOf(t: ToolItem): Promise<string | null> {
    const cover = t.book.coverPath
    if (!cover) return null
    return (await fileStamp(cover)) ? cover : null
  }

  /** Runs a tool in the background, ending its task and its hold on the item whatever happens. */
  private track(
    itemId: string,
    action: Task['action'],
    handle: TaskHandle,
    run: ToolRun,
    work: (signal: AbortSignal) => Promise<string>,
  ) {
    const abort = new AbortController()
    const done = (async () => {
      try {
        const description = await work(abort.signal)
        run.log('info', description)
        handle.finish({ description })
      } catch (err) {
        if (err instanceof ToolCancelled || abort.signal.aborted) {
          run.log('warn', 'Canceled by user; the item folder is as it was')
          handle.finish({ error: 'Canceled by user', errorKey: 'MessageTaskCanceledByUser' })
        } else if (err instanceof ToolFailure) {
          run.log('error', err.detail ? `${err.message} (${err.detail})` : err.message)
          handle.finish({
            failed: true,
            error: err.message,
            errorKey: toolFailures[err.kind].key,
            errorSubs: err.subs,
          })
        } else {
          this.deps.log.error({ err, itemId }, `${action} failed`)
          const fallback = action === 'encode-m4b' ? toolFailures.mergeFailed : toolFailures.splitFailed
          run.log('error', `${fallback.text} (${errText(err)})`)
          handle.finish({ failed: true, error: fallback.text, errorKey: fallback.key })
        }
      } finally {
        this.running.delete(itemId)
        run.end()
      }
    })()
    this.running.set(itemId, { action, abort, done, task: handle.task })
  }
}
