import type { LibraryJson } from './entities/library.ts'
import type { LibraryItem } from './entities/library-item.ts'
import type { Task } from './entities/task.ts'

/**
 * Payloads of the socket events that keep library views current (spec §7). The scanner sends items in
 * chunks (items_added / items_updated); tasks go to admins.
 */
export type ItemsChangedPayload = LibraryItem[]
export type ItemChangedPayload = LibraryItem
export interface ItemRemovedPayload {
  id: string
  libraryId: string
}
export type LibraryChangedPayload = LibraryJson
export type TaskEventPayload = Task
