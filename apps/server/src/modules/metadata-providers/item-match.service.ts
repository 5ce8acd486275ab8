import {
  messages,
  NO_MATCH_WARNING,
  type Book,
  type Library,
  type LibraryItem,
  type MatchItemRequest,
  type MatchItemResponse,
} from '@shelfcast/contracts'
import type { Logger } from 'pino'
import { badRequest, conflict, HttpError, notFound } from '../../http/errors.ts'
import type { TaskHandle, TaskRunner } from '../../jobs/task-runner.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { ItemCoverService } from '../item-edit/item-cover.service.ts'
import type { ItemEditService } from '../item-edit/item-edit.service.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import { matchToMediaUpdate } from './match-details.ts'
import type { MatchRepository } from './match.repository.ts'
import type { MetadataProviders } from './provider-registry.ts'

export interface QuickMatchOptions {
  provider?: string
  overrideDetails: boolean
  overrideCover: boolean
}

const isBook = (item: LibraryItem): item is LibraryItem & { media: Book } => item.mediaType === 'book'

/**
 * Matching books against a provider: one item (POST /api/items/:id/match), a chosen batch, or a whole library,
 * the last two as tasks. The best hit is applied through the item editor and the cover service, so a match is
 * saved exactly like a hand edit (database, metadata.json, item_updated) and its cover goes through the guarded
 * fetcher.
 */
export class ItemMatchService {
  private readonly deps: {
    repo: MatchRepository
    providers: MetadataProviders
    items: ItemsService
    libraries: LibrariesService
    itemEdit: ItemEditService
    itemCovers: ItemCoverService
    settings: SettingsService
    tasks: TaskRunner
    realtime: Realtime
    log: Logger
  }
  /** Background matches in flight: the app waits for them before it closes the database. */
  private readonly running = new Set<Promise<void>>()
  /** Libraries with a match-all under way: a second one would only repeat every request. */
  private readonly matchingLibraries = new Set<string>()
  private stopping = false

  constructor(deps: ItemMatchService['deps']) {
    this.deps = deps
  }

  private async visibleItem(user: UserRecord, id: string): Promise<LibraryItem> {
    const [visible] = await this.deps.items.filterVisible(user, [id])
    const [item] = visible ? await this.deps.items.expanded([visible]) : []
    if (!item) throw notFound('Item not found')
    return item
  }

  /** The title a book search falls back to for GET /api/search/books?id=. */
  async searchDefaults(user: UserRecord, id: string): Promise<{ title: string; author: string }> {
    const item = await this.visibleItem(user, id)
    return isBook(item)
      ? { title: item.media.metadata.title ?? '', author: item.media.metadata.authorName }
      : { title: '', author: '' }
  }

  /** POST /api/items/:id/match. Without a hit the item is unchanged and the answer carries the warning. */
  async matchItem(
    user: UserRecord,
    id: string,
    req: MatchItemRequest,
    library?: Library,
  ): Promise<MatchItemResponse> {
    const item = await this.visibleItem(user, id)
    if (!isBook(item)) throw badRequest('Only books can be matched')
    const lib = library ?? (await this.deps.libraries.getFor(user, item.libraryId))
    const preferMatched = (await this.deps.settings.getServerSettings()).scannerPreferMatchedMetadata
    const meta = item.media.metadata
    const title = (req.title ?? meta.title ?? '').trim()
    if (!title) throw badRequest(messages.titleRequired)
    const matches = await this.deps.providers.searchBooks(req.provider ?? lib.provider, {
      title,
      author: req.author ?? meta.authorName,
      isbn: req.isbn ?? meta.isbn,
      asin: req.asin ?? meta.asin,
    })
    const best = matches[0]
    if (!best) return { updated: false, warning: NO_MATCH_WARNING }

    let updated = false
    const change = matchToMediaUpdate(meta, item.media.tags, best, req.overrideDetails ?? preferMatched)
    if (change) updated = (await this.deps.itemEdit.updateMedia(user, item.id, change)).updated
    const overrideCover = req.overrideCover ?? preferMatched
    if (best.cover && (overrideCover || !item.media.coverPath)) {
      try {
        await this.deps.itemCovers.setFromUrl(user, item.id, best.cover)
        updated = true
      } catch (err) {
        // A cover that cannot be fetched does not undo the details: the match still stands, without it.
        if (!(err instanceof HttpError)) throw err
        this.deps.log.info({ itemId: item.id, msg: err.message }, 'matched cover could not be fetched')
      }
    }
    const [libraryItem] = await this.deps.items.expanded([item.id])
    return { updated, ...(libraryItem && { libraryItem }) }
  }

  /** POST /api/items/batch/quickmatch: runs as a task; the caller hears `batch_quickmatch_complete`. */
  async startBatch(user: UserRecord, ids: readonly string[], options: QuickMatchOptions): Promise<void> {
    const visible = await this.deps.items.filterVisible(user, ids)
    const task = this.deps.tasks.start({
      action: 'batch-quickmatch',
      title: `Quick matching ${visible.length} item${visible.length === 1 ? '' : 's'}`,
      titleKey: 'MessageTaskQuickMatching',
      titleSubs: [String(visible.length)],
      data: {},
    })
    this.track(async () => {
      let outcome = { success: false, updates: 0, unmatched: 0 }
      try {
        outcome = { success: true, ...(await this.matchEach(user, visible, options, task)) }
        task.finish({
          description: `${outcome.updates} updated, ${outcome.unmatched} with no matches`,
          descriptionKey: 'MessageTaskMatchOutcome',
          descriptionSubs: [String(outcome.updates), String(outcome.unmatched)],
        })
      } catch (err) {
        this.deps.log.warn({ err }, 'batch quick match failed')
        task.finish({ failed: true, error: 'Batch quick match failed' })
      } finally {
        this.deps.realtime.toUser(user.id, 'batch_quickmatch_complete', outcome)
      }
    })
  }

  /** GET /api/libraries/:id/matchall: every present book of the library, as a 'library-match-all' task. */
  async startLibrary(user: UserRecord, libraryId: string): Promise<void> {
    const library = await this.deps.libraries.getFor(user, libraryId)
    if (library.mediaType !== 'book') throw badRequest('Only book libraries can be matched')
    const ids = await this.deps.repo.presentBookIds(library.id)
    const preferMatched = (await this.deps.settings.getServerSettings()).scannerPreferMatchedMetadata
    // Checked and claimed with no await between, so two requests cannot both start.
    if (this.matchingLibraries.has(library.id)) throw conflict('This library is already being matched')
    this.matchingLibraries.add(library.id)
    const task = this.deps.tasks.start({
      action: 'library-match-all',
      title: `Matching books in "${library.name}"`,
      titleKey: 'MessageTaskMatchingBooksInLibrary',
      titleSubs: [library.name],
      data: { libraryId: library.id, libraryName: library.name },
    })
    this.track(async () => {
      try {
        const { updates, unmatched } = await this.matchEach(
          user,
          ids,
          { provider: library.provider, overrideDetails: preferMatched, overrideCover: preferMatched },
          task,
          library,
        )
        task.finish({
          description: `${updates} updated, ${unmatched} with no matches`,
          descriptionKey: 'MessageTaskMatchOutcome',
          descriptionSubs: [String(updates), String(unmatched)],
        })
      } catch (err) {
        this.deps.log.warn({ err }, 'library match failed')
        task.finish({ failed: true, error: 'Library match failed' })
      } finally {
        this.matchingLibraries.delete(library.id)
      }
    })
  }

  /** One item after another: providers are public services and a batch must not hammer them. */
  private async matchEach(
    user: UserRecord,
    ids: readonly string[],
    options: QuickMatchOptions,
    task: TaskHandle,
    library?: Library,
  ) {
    let updates = 0
    let unmatched = 0
    for (const [index, id] of ids.entries()) {
      if (this.stopping) break
      try {
        const result = await this.matchItem(user, id, options, library)
        if (result.warning) unmatched++
        else if (result.updated) updates++
      } catch (err) {
        // A provider error or an item that went away counts as unmatched; the batch goes on.
        if (!(err instanceof HttpError)) throw err
        unmatched++
      }
      task.progress(((index + 1) / Math.max(1, ids.length)) * 100)
    }
    return { updates, unmatched }
  }

  private track(job: () => Promise<void>) {
    const run = job().catch((err: unknown) => this.deps.log.error({ err }, 'match task crashed'))
    this.running.add(run)
    void run.finally(() => this.running.delete(run))
  }

  /** Stops background matches after their current item and waits for them (app close). */
  async stop(): Promise<void> {
    this.stopping = true
    await Promise.all([...this.running])
  }
}
