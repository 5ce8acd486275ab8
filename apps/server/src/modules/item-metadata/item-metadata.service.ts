import { limits, metaValueIssue, metaValueMessages, type Library } from '@shelfcast/contracts'
import type { Logger } from 'pino'
import type { Clock } from '../../clock.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import type { TaskHandle, TaskRunner } from '../../jobs/task-runner.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import { ItemEvents } from '../../scanner/item-events.ts'
import { createLimiter } from '../../scanner/limiter.ts'
import type { ScanRepository } from '../../scanner/scan.repository.ts'
import { uniqueStrings } from '../../scanner/text.ts'
import { itemMetadataJson } from '../item-edit/item-edit.service.ts'
import { writeItemMetadataJson } from '../item-edit/metadata-writer.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import { itemVisibility } from '../library-items/item-visibility.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import type { MetaKind, MetaValuesRepository, ValuesChange } from './meta-values.repository.ts'

/** Items loaded, written and announced at a time after the commit: bounded memory at 20,000 items. */
const FILE_BATCH = 500
const NOT_FOUND: Record<MetaKind, string> = {
  tag: 'Tag not found',
  genre: 'Genre not found',
  narrator: 'Narrator not found',
}
const TASK_TITLE: Record<MetaKind, { text: string; key: string }> = {
  tag: { text: 'Updating tag', key: 'MessageTaskUpdatingTag' },
  genre: { text: 'Updating genre', key: 'MessageTaskUpdatingGenre' },
  narrator: { text: 'Updating narrator', key: 'MessageTaskUpdatingNarrator' },
}

/** Where a change applies: every library the caller may open (tags, genres) or one library (narrators). */
interface Scope {
  kind: MetaKind
  libraries: readonly Library[]
}

/**
 * Renaming (merging into an existing name) and removing tags, genres and narrators on every item of a
 * scope the caller may see. One transaction writes rows, facets and search rows; then clients get
 * items_updated in chunks and each touched item's metadata.json is written as an item edit writes it. Filter
 * data follows by itself (it is keyed on the library's content version, which the write moves). Up to 500
 * items the answer waits for all of it; past 500 the change runs as a task (task_started ... task_finished):
 * the answer comes with the counts once the transaction commits, and the files follow under the task.
 */
export class ItemMetadataService {
  private readonly deps: {
    repo: MetaValuesRepository
    libraries: LibrariesService
    scanRepo: ScanRepository
    settings: SettingsService
    tasks: TaskRunner
    realtime: Realtime
    metadataPath: string
    clock: Clock
    log: Logger
  }
  private readonly events: ItemEvents
  private afterCommitQueue: Promise<void> = Promise.resolve()
  constructor(deps: ItemMetadataService['deps']) {
    this.deps = deps
    this.events = new ItemEvents(deps.realtime)
  }

  /** Tags or genres across the caller's libraries: a narrators scope is one library of books. */
  async everyLibrary(user: UserRecord, kind: 'tag' | 'genre'): Promise<Scope> {
    return { kind, libraries: await this.deps.libraries.listFor(user) }
  }

  async oneLibrary(user: UserRecord, libraryId: string): Promise<Scope> {
    const library = await this.deps.libraries.getFor(user, libraryId)
    return { kind: 'narrator', libraries: library.mediaType === 'book' ? [library] : [] }
  }

  /** How many items the caller may see hold each value, names sorted as the lists are. */
  async counts(
    user: UserRecord,
    scope: Scope,
  ): Promise<{ values: string[]; counts: Record<string, number> }> {
    const map = await this.deps.repo.counts(scope.kind, idsOf(scope), itemVisibility(user, 'li'))
    const values = [...map.keys()].sort(
      (a, b) => a.localeCompare(b, 'en', { sensitivity: 'base' }) || (a < b ? -1 : a > b ? 1 : 0),
    )
    return { values, counts: Object.fromEntries(values.map((v) => [v, map.get(v) ?? 0])) }
  }

  /** Renames `from` to `to` on every item holding it; `merged` when `to` already existed (in any case). */
  async rename(
    user: UserRecord,
    scope: Scope,
    from: string,
    to: string,
  ): Promise<{ merged: boolean; numItemsUpdated: number }> {
    const issue = metaValueIssue(from, to)
    if (issue) throw badRequest(metaValueMessages[issue])
    const wanted = to.trim()
    const visible = itemVisibility(user, 'li')
    const existing = await this.deps.repo.existingSpelling(scope.kind, wanted, from, idsOf(scope), visible)
    const target = existing ?? wanted
    const numItemsUpdated = await this.change(user, scope, from, (values) =>
      values.map((v) => (v === from ? target : v)),
    )
    return { merged: existing !== null, numItemsUpdated }
  }

  /** Removes `value` from every item holding it. */
  async remove(user: UserRecord, scope: Scope, value: string): Promise<number> {
    return this.change(user, scope, value, (values) => values.filter((v) => v !== value))
  }

  private async change(
    user: UserRecord,
    scope: Scope,
    value: string,
    edit: (values: string[]) => string[],
  ): Promise<number> {
    const holders = await this.deps.repo.holders(scope.kind, value, idsOf(scope), itemVisibility(user, 'li'))
    if (holders.length === 0) throw notFound(NOT_FOUND[scope.kind])
    const changes: ValuesChange[] = holders.map((h) => ({
      id: h.id,
      libraryId: h.libraryId,
      before: h.values,
      values: uniqueStrings(edit(h.values)),
    }))
    const task =
      changes.length > limits.metaChangeTaskThreshold
        ? this.deps.tasks.start({
            action: 'item-metadata-update',
            title: TASK_TITLE[scope.kind].text,
            titleKey: TASK_TITLE[scope.kind].key,
            description: value,
            data: scope.libraries.length === 1 ? { libraryId: scope.libraries[0]?.id } : {},
          })
        : null
    try {
      this.deps.repo.apply(scope.kind, changes, this.deps.clock())
    } catch (err) {
      task?.finish({ failed: true, error: err instanceof Error ? err.message : String(err) })
      throw err
    }
    task?.progress(10)
    // Files and events of one change at a time, each reading the items as they are by then: a later change
    // never has its metadata.json overwritten by an earlier one still writing.
    const ids = changes.map((c) => c.id)
    const after = this.afterCommitQueue.then(() => this.afterCommit(ids, task))
    this.afterCommitQueue = after.catch(() => undefined)
    if (!task) {
      await after
      return changes.length
    }
    // A task answers once the transaction holds (the counts are final); the files follow under the task.
    void after.then(
      () =>
        task.finish({
          description: `${changes.length} items updated`,
          descriptionKey: 'MessageTaskItemsUpdated',
          descriptionSubs: [String(changes.length)],
        }),
      (err: unknown) => {
        this.deps.log.error({ err }, 'metadata.json files of a tag, genre or narrator change failed')
        task.finish({ failed: true, error: err instanceof Error ? err.message : String(err) })
      },
    )
    return changes.length
  }

  /** items_updated to who may see each touched item, then its metadata.json (as an item edit writes it). */
  private async afterCommit(ids: readonly string[], task: TaskHandle | null) {
    const server = await this.deps.settings.getServerSettings()
    const limit = createLimiter(8)
    for (let i = 0; i < ids.length; i += FILE_BATCH) {
      const items = await this.deps.scanRepo.loadItems(ids.slice(i, i + FILE_BATCH))
      // The database already holds the change: clients hear of it before the files are written.
      this.events.updated(items)
      await Promise.all(
        items.map((item) =>
          limit(() =>
            writeItemMetadataJson({
              item: { id: item.row.id, path: item.row.path, isFile: item.row.is_file === 1 },
              metadataPath: this.deps.metadataPath,
              storeWithItem: server.storeMetadataWithItem,
              json: itemMetadataJson(item),
              log: this.deps.log,
            }).catch((err: unknown) => {
              // The database holds the change; a file that cannot be written is logged, not a failed request.
              this.deps.log.warn({ err, itemId: item.row.id }, 'metadata.json could not be written')
            }),
          ),
        ),
      )
      task?.progress(10 + (90 * Math.min(ids.length, i + FILE_BATCH)) / ids.length)
    }
  }
}

const idsOf = (scope: Scope) => scope.libraries.map((l) => l.id)
