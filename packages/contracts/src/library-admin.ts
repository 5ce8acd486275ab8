import { z } from 'zod'
import { Library, LibraryIcon, LibraryJson, LibrarySettingsInput } from './entities/library.ts'
import { messages } from './rules/messages.ts'

/** Library administration (admin only): update, delete, reorder, and browsing server folders. */

/**
 * PATCH /api/libraries/:id. `folders` is the complete new list: folders kept by id (or same path),
 * new paths added with the same root checks as on creation, absent ones removed with their items.
 */
export const UpdateLibraryRequest = z.object({
  name: z.string().trim().min(1, messages.nameRequired).max(200).optional(),
  folders: z
    .array(z.object({ id: z.string().max(100).optional(), fullPath: z.string().trim().min(1).max(4096) }))
    .min(1, messages.pathRequired)
    .max(50)
    .optional(),
  icon: LibraryIcon.optional(),
  provider: z.string().max(100).optional(),
  settings: LibrarySettingsInput.optional(),
  displayOrder: z.number().int().min(0).max(1_000_000).optional(),
})
export type UpdateLibraryRequest = z.infer<typeof UpdateLibraryRequest>

/** POST /api/libraries/order: `[{id, newOrder}]`. Answers every library in the new order. */
export const ReorderLibrariesRequest = z
  .array(z.object({ id: z.string().min(1).max(100), newOrder: z.number().int().min(0).max(1_000_000) }))
  .min(1)
  .max(1000)
export type ReorderLibrariesRequest = z.infer<typeof ReorderLibrariesRequest>
export const ReorderLibrariesResponse = z.object({ libraries: z.array(LibraryJson) })
export type ReorderLibrariesResponse = z.infer<typeof ReorderLibrariesResponse>

/** Socket payload of library_removed (and the DELETE answer): the removed library. */
export const LibraryRemoved = Library

/** GET /api/filesystem?path=&level=. Without a path: the server's top-level folders. */
export const FilesystemQuery = z.object({
  path: z.string().max(4096).optional(),
  level: z.coerce.number().int().min(0).max(1000).optional(),
})
export type FilesystemQuery = z.input<typeof FilesystemQuery>
export const FilesystemDirectory = z.object({ path: z.string(), dirname: z.string(), level: z.number() })
export const FilesystemResponse = z.object({ posix: z.boolean(), directories: z.array(FilesystemDirectory) })
export type FilesystemResponse = z.infer<typeof FilesystemResponse>
