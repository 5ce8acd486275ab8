import { z } from 'zod'
import type { LibraryJson } from './entities/library.ts'
import type { Task } from './entities/task.ts'

/**
 * Payloads of the socket events that keep library views current (spec §7). The scanner sends items in
 * chunks (items_added / items_updated); tasks go to admins.
 */
export const ItemRemovedPayload = z.object({ id: z.string(), libraryId: z.string() })
export type ItemRemovedPayload = z.infer<typeof ItemRemovedPayload>
export type LibraryChangedPayload = LibraryJson
export type TaskEventPayload = Task
