import { z } from 'zod'
import {
  base64Param,
  NarratorChangeResponse,
  RemoveMetaValueResponse,
  RenameGenreRequest,
  RenameGenreResponse,
  RenameNarratorRequest,
  RenameTagRequest,
  RenameTagResponse,
} from '../item-metadata.ts'
import { defineRoute } from './route.ts'

const tag = 'Item metadata'
const badName = 'Bad base64, or a new name that is empty, too long, has control characters or is the same'

/**
 * Renaming and removing tags and genres on every item (books and podcasts of every library) and a library's
 * narrators (modules/item-metadata). Each change is one transaction; past 500 items it also runs as a task.
 */
export const itemMetadataRoutes = {
  renameTag: defineRoute({
    method: 'POST',
    path: '/api/tags/rename',
    tag,
    summary: 'Renames a tag on every item, merging into an existing tag of that name',
    access: 'admin',
    body: RenameTagRequest,
    answer: RenameTagResponse,
    errors: { 400: badName, 404: 'No item holds the tag' },
  }),
  removeTag: defineRoute({
    method: 'DELETE',
    path: '/api/tags/:tag',
    tag,
    summary: 'Removes a tag (base64 of the name) from every item',
    access: 'admin',
    params: z.object({ tag: base64Param }),
    answer: RemoveMetaValueResponse,
    errors: { 400: 'Bad base64', 404: 'No item holds the tag' },
  }),
  renameGenre: defineRoute({
    method: 'POST',
    path: '/api/genres/rename',
    tag,
    summary: 'Renames a genre on every item, merging into an existing genre of that name',
    access: 'admin',
    body: RenameGenreRequest,
    answer: RenameGenreResponse,
    errors: { 400: badName, 404: 'No item holds the genre' },
  }),
  removeGenre: defineRoute({
    method: 'DELETE',
    path: '/api/genres/:genre',
    tag,
    summary: 'Removes a genre (base64 of the name) from every item',
    access: 'admin',
    params: z.object({ genre: base64Param }),
    answer: RemoveMetaValueResponse,
    errors: { 400: 'Bad base64', 404: 'No item holds the genre' },
  }),
  renameNarrator: defineRoute({
    method: 'PATCH',
    path: '/api/libraries/:id/narrators/:narratorId',
    tag,
    summary:
      "Renames a narrator (id: base64 of the name) on the library's books, merging into an existing one",
    access: 'admin',
    params: z.object({ id: z.string().min(1).max(200), narratorId: base64Param }),
    body: RenameNarratorRequest,
    answer: NarratorChangeResponse,
    errors: { 400: badName, 404: 'No such library or narrator, or not accessible' },
  }),
  removeNarrator: defineRoute({
    method: 'DELETE',
    path: '/api/libraries/:id/narrators/:narratorId',
    tag,
    summary: "Removes a narrator (id: base64 of the name) from the library's books",
    access: 'admin',
    params: z.object({ id: z.string().min(1).max(200), narratorId: base64Param }),
    answer: NarratorChangeResponse,
    errors: { 400: 'Bad base64', 404: 'No such library or narrator, or not accessible' },
  }),
} as const
