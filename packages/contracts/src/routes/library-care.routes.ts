import { RemoveMetadataQuery, RemoveMetadataResponse } from '../library-care.ts'
import { defineRoute, rawAnswer } from './route.ts'

/** Tidying a server: metadata files of a library's item folders, and the image cache (modules/library-care). */
export const libraryCareRoutes = {
  removeMetadata: defineRoute({
    method: 'POST',
    path: '/api/libraries/:id/remove-metadata',
    tag: 'Libraries',
    summary: "Deletes the metadata.json or metadata.abs files in the library's item folders (items stay)",
    access: 'admin',
    query: RemoveMetadataQuery,
    answer: RemoveMetadataResponse,
    errors: { 400: 'ext is not json or abs', 404: 'No such library' },
  }),
  purgeCache: defineRoute({
    method: 'POST',
    path: '/api/cache/purge',
    tag: 'Server',
    summary: 'Empties the cache folder (resized covers and author images are rebuilt when asked for)',
    access: 'admin',
    answer: rawAnswer.text('OK'),
    errors: { 409: 'An audio tool is running (its work folder is in the cache)' },
  }),
  purgeItemsCache: defineRoute({
    method: 'POST',
    path: '/api/cache/items/purge',
    tag: 'Server',
    summary: 'Empties the item (cover) cache',
    access: 'admin',
    answer: rawAnswer.text('OK'),
  }),
} as const
