import type { LibraryItem, Task } from '@shelfcast/contracts'
import type { Logger } from 'pino'
import type { TaskRunner } from '../../../jobs/task-runner.ts'
import { badRequest, conflict, notFound } from '../../../http/errors.ts'
import type { Realtime } from '../../../realtime/realtime.ts'
import type { ScanService } from '../../../scanner/scan.service.ts'
import type { ItemsService } from '../../library-items/items.service.ts'
import type { UserRecord } from '../../users/users.model.ts'
import type { ToolRun, ToolRuns } from '../tool-runs.ts'
import {
  EmbedFailure,
  embedItemMetadata,
  unembeddableReason,
  type EmbedEnv,
  type EmbedOptions,
} from './embed-item.ts'

type BookItem = Extract<LibraryItem, { mediaType: 'book' }>

/** track_progress at most this often per file. */
const TRACK_PROGRESS_INTERVAL_MS = 500

export interface EmbedServiceDeps {
  items: Pick<ItemsService, 'filterVisible' | 'expanded'>
  scans: Pick<ScanService, 'scanItem'>
  tasks: TaskRunner
  toolRuns: ToolRuns
  realtime: Pick<Realtime, 'toAdmins'>
  env: EmbedEnv
  log: Logger
}

/**
 * Metadata embedding (spec §3 `embed-metadata`): one item at once from the manage page, or many through a FIFO
 * queue that runs one item at a time (quick embed). Each run holds the item in ToolRuns (409 for other tools), is a
 * task with progress and `track_*` events, and ends with a rescan of the item so its stored files match the new
 * files on disk (same item, new mtimes and inodes).
 */
export class EmbedService {
  private readonly deps: EmbedServiceDeps
  /** Waiting and running items of the batch queue, in order (`queuedTaskData.embedMetadata`). */
  private readonly queue: string[] = []
  private draining: Promise<void> | null = null
  private readonly running = new Set<Promise<unknown>>()
  private stopped = false
  constructor(deps: EmbedServiceDeps) {
    this.deps = deps
  }

  /** The item when the caller sees it and the tool can work on it; 404 / 400 otherwise. */
  private async target(user: UserRecord, id: string): Promise<BookItem> {
    const [visible] = await this.deps.items.filterVisible(user, [id])
    const [item] = visible ? await this.deps.items.expanded([visible]) : []
    if (!item) throw notFound('Item not found')
    const reason = unembeddableReason(item)
    if (reason || item.mediaType !== 'book') throw badRequest(reason ?? 'Not a book')
    return item
  }

  /** POST /api/tools/item/:id/embed-metadata: starts at once, or 409 while another tool holds the item. */
  async embedOne(user: UserRecord, id: string, opts: EmbedOptions): Promise<Task> {
    const item = await this.target(user, id)
    if (this.queue.includes(item.id)) throw conflict('Item is already queued for embedding')
    const run = this.deps.toolRuns.begin(item.id)
    if (!run) throw conflict('A tool is already running on this item')
    const { task, done } = this.run(item, opts, run)
    this.track(done)
    return task
  }

  /**
   * POST /api/tools/batch/embed-metadata: every id is checked first (404 / 400 before anything is queued); items
   * already queued or held by a tool are skipped. Answers how many joined the queue.
   */
  async enqueue(user: UserRecord, ids: readonly string[]): Promise<number> {
    const unique = [...new Set(ids)]
    const items: BookItem[] = []
    for (const id of unique) items.push(await this.target(user, id))
    let added = 0
    for (const item of items) {
      if (this.queue.includes(item.id) || this.deps.toolRuns.isBusy(item.id)) continue
      this.queue.push(item.id)
      added++
      this.deps.realtime.toAdmins('metadata_embed_queue_update', { libraryItemId: item.id, queued: true })
    }
    if (added > 0 && !this.draining) {
      this.draining = this.drain().finally(() => {
        this.draining = null
      })
      this.track(this.draining)
    }
    return added
  }

  /** The batch queue as GET /api/tasks?include=queue lists it. */
  queued(): { libraryItemId: string }[] {
    return this.queue.map((libraryItemId) => ({ libraryItemId }))
  }

  /** Runs the queue one item at a time; an item leaves it (queued: false) once its run ended. */
  private async drain(): Promise<void> {
    while (this.queue.length > 0 && !this.stopped) {
      const id = this.queue[0] as string
      try {
        const [item] = await this.deps.items.expanded([id])
        const run = item && !unembeddableReason(item) ? this.deps.toolRuns.begin(id) : null
        if (!item || item.mediaType !== 'book' || !run) {
          this.deps.log.warn({ libraryItemId: id }, 'queued embed skipped: item gone, unembeddable or busy')
        } else {
          await this.run(item, { forceEmbedChapters: false, backup: true }, run).done
        }
      } catch (err) {
        this.deps.log.error({ err, libraryItemId: id }, 'queued embed failed')
      } finally {
        this.queue.shift()
        this.deps.realtime.toAdmins('metadata_embed_queue_update', { libraryItemId: id, queued: false })
      }
    }
    // Stopped: what is left never runs, and the clients hear that it left the queue.
    for (const id of this.queue.splice(0)) {
      this.deps.realtime.toAdmins('metadata_embed_queue_update', { libraryItemId: id, queued: false })
    }
  }

  private run(item: BookItem, opts: EmbedOptions, run: ToolRun): { task: Task; done: Promise<void> } {
    const { tasks, realtime, log } = this.deps
    const title = item.media.metadata.title ?? item.relPath
    const handle = tasks.start({
      action: 'embed-metadata',
      // Audiobookshelf's task strings: the title names the action, the description the book.
      title: 'Embedding metadata',
      titleKey: 'MessageTaskEmbeddingMetadata',
      description: `Embedding metadata in audiobook "${title}".`,
      descriptionKey: 'MessageTaskEmbeddingMetadataDescription',
      descriptionSubs: [title],
      data: { libraryId: item.libraryId, libraryItemId: item.id },
      showSuccess: true,
    })
    run.attachTask(handle.task)
    const lastTrackProgress = new Map<string, number>()
    const libraryItemId = item.id
    const done = (async () => {
      try {
        const result = await embedItemMetadata(item, opts, this.deps.env, {
          log: (level, message) => run.log(level, message),
          trackStarted: (ino) => realtime.toAdmins('track_started', { libraryItemId, ino }),
          trackProgress: (ino, percent) => {
            const now = Date.now()
            if (percent < 100 && now - (lastTrackProgress.get(ino) ?? 0) < TRACK_PROGRESS_INTERVAL_MS) return
            lastTrackProgress.set(ino, now)
            realtime.toAdmins('track_progress', { libraryItemId, ino, progress: Math.round(percent) })
          },
          trackFinished: (ino) => realtime.toAdmins('track_finished', { libraryItemId, ino }),
          progress: (percent) => handle.progress(percent),
        })
        await this.rescan(item.id, run)
        handle.finish({
          description: `Embedded metadata into ${result.filesWritten} audio files`,
          descriptionKey: 'MessageTaskEmbeddedIntoFiles',
          descriptionSubs: [String(result.filesWritten)],
        })
      } catch (err) {
        const message = err instanceof EmbedFailure ? err.message : 'failed to write metadata file'
        if (!(err instanceof EmbedFailure)) log.error({ err, libraryItemId }, 'embedding metadata failed')
        // Files written before the failure carry new tags: the item's stored files must follow them.
        await this.rescan(item.id, run)
        handle.finish({ error: message, failed: true })
      } finally {
        run.end()
      }
    })()
    return { task: handle.task, done }
  }

  /** The replaced files have new inodes and mtimes: a rescan of the item updates its stored files in place. */
  private async rescan(itemId: string, run: ToolRun): Promise<void> {
    try {
      await this.deps.scans.scanItem(itemId)
    } catch (err) {
      this.deps.log.warn({ err, libraryItemId: itemId }, 'rescan after embedding failed')
      run.log('warn', 'The item could not be rescanned; the next scan picks the new files up')
    }
  }

  private track(p: Promise<unknown>) {
    const settled = p.catch(() => undefined).finally(() => this.running.delete(settled))
    this.running.add(settled)
  }

  /** Stops the queue and waits for runs in flight (app close: nothing writes after the database closes). */
  async stop(): Promise<void> {
    this.stopped = true
    await Promise.all([...this.running])
  }
}
