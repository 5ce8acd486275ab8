import { canAccessLibrary } from '@shelfcast/contracts'
import type { LibraryItem } from '@shelfcast/contracts'
import { toExpandedItem } from '../modules/library-items/item-json.ts'
import type { Realtime } from '../realtime/realtime.ts'
import { type UserRecord } from '../modules/users/users.model.ts'
import type { AuthorChanges, SavedItem } from './scan.repository.ts'
import { canSeeItem, type ItemAccessFacts } from '../modules/library-items/item-visibility.ts'

/** Items per items_added / items_updated event (spec: chunks). */
export const EVENT_CHUNK = 50

function factsOf(item: SavedItem): ItemAccessFacts {
  let tags: string[] = []
  try {
    const parsed = JSON.parse(item.row.tags) as unknown
    if (Array.isArray(parsed)) tags = parsed.filter((t): t is string => typeof t === 'string')
  } catch {
    tags = []
  }
  return { libraryId: item.row.library_id, tags, explicit: item.row.explicit === 1 }
}

/**
 * Sends scanner results to the users allowed to see each item. Items are grouped by what decides access
 * (library, explicit flag, tag set), so every recipient gets only permitted items, still in chunks.
 */
export class ItemEvents {
  private readonly realtime: Realtime
  constructor(realtime: Realtime) {
    this.realtime = realtime
  }

  private emit(event: 'items_added' | 'items_updated', items: readonly SavedItem[]) {
    // Nobody online: skip building JSON nobody would receive.
    if (items.length === 0 || !this.realtime.anyoneOnline()) return
    const groups = new Map<string, { facts: ItemAccessFacts; items: SavedItem[] }>()
    for (const item of items) {
      const facts = factsOf(item)
      const key = JSON.stringify([
        facts.libraryId,
        facts.explicit,
        [...facts.tags].map((t) => t.toLowerCase()).sort(),
      ])
      const g = groups.get(key)
      if (g) g.items.push(item)
      else groups.set(key, { facts, items: [item] })
    }
    for (const { facts, items: list } of groups.values()) {
      for (let i = 0; i < list.length; i += EVENT_CHUNK) {
        const payload: LibraryItem[] = list
          .slice(i, i + EVENT_CHUNK)
          .map((s) => toExpandedItem(s.row, s.relations, s.episodes))
        this.realtime.toUsersWhere((u) => canSeeItem(u, facts), event, payload)
      }
    }
  }

  added(items: readonly SavedItem[]) {
    this.emit('items_added', items)
  }

  updated(items: readonly SavedItem[]) {
    this.emit('items_updated', items)
  }

  /** item_updated for one item edited through the API (Audiobookshelf's event for single edits). */
  updatedOne(item: SavedItem) {
    const facts = factsOf(item)
    if (!this.realtime.anyoneOnline()) return
    this.realtime.toUsersWhere(
      (u) => canSeeItem(u, facts),
      'item_updated',
      toExpandedItem(item.row, item.relations, item.episodes),
    )
  }

  /**
   * Audiobookshelf's author events of a save: the authors it created (the author's JSON without a description,
   * image or ASIN yet) — a scan sends `author_added` for each, an edit one `authors_added` with them all —
   * then one `authors_num_books_updated` {libraryId, authors: [{id, numBooks}]} for the authors that gained or
   * lost a book. Authors left with no book are left out (they are pruned). Only users who may see the library hear of it.
   */
  async authorsChanged(
    libraryId: string,
    changes: AuthorChanges,
    countBooks: (ids: string[]) => Promise<{ id: string; numBooks: number }[]>,
    by: 'scan' | 'edit' = 'scan',
  ) {
    if (!this.realtime.anyoneOnline() || changes.booksChanged.size + changes.created.length === 0) return
    const mayHear = (u: UserRecord) => canAccessLibrary(u, libraryId)
    const created = changes.created.map((a) => ({
      id: a.id,
      asin: null,
      name: a.name,
      description: null,
      imagePath: null,
      libraryId: a.libraryId,
      addedAt: a.addedAt,
      updatedAt: a.updatedAt,
    }))
    if (by === 'edit' && created.length) this.realtime.toUsersWhere(mayHear, 'authors_added', created)
    if (by === 'scan') for (const a of created) this.realtime.toUsersWhere(mayHear, 'author_added', a)
    const authors = (await countBooks([...changes.booksChanged])).filter((c) => c.numBooks > 0)
    if (authors.length)
      this.realtime.toUsersWhere(mayHear, 'authors_num_books_updated', { libraryId, authors })
  }

  /** series_removed for series no item uses any more (Audiobookshelf sends {id, libraryId}). */
  seriesRemoved(libraryId: string, ids: readonly string[]) {
    for (const id of ids)
      this.realtime.toUsersWhere((u) => canAccessLibrary(u, libraryId), 'series_removed', { id, libraryId })
  }

  /** item_removed for items deleted from the database (the scanner itself only flags items missing). */
  removed(item: SavedItem) {
    const facts = factsOf(item)
    this.realtime.toUsersWhere((u) => canSeeItem(u, facts), 'item_removed', {
      id: item.row.id,
      libraryId: item.row.library_id,
    })
  }
}
