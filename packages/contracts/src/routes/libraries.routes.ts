import { z } from 'zod'
import { CreateLibraryRequest, LibraryJson, LibraryWithFilterData } from '../entities/library.ts'
import { ReorderLibrariesRequest, ReorderLibrariesResponse, UpdateLibraryRequest } from '../library-admin.ts'
import { defineRoute } from './route.ts'

const tag = 'Libraries'

/** Libraries and their admin (modules/libraries). Libraries are answered in Audiobookshelf's shape. */
export const libraryRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/libraries',
    tag,
    summary: 'The libraries the caller may open, in display order',
    answer: z.object({ libraries: z.array(LibraryJson) }),
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/libraries/:id',
    tag,
    summary: 'One library; with include=filterdata, also its filter data, issue and playlist counts',
    query: z.object({ include: z.string().max(200).optional() }),
    answer: z.union([LibraryJson, LibraryWithFilterData]),
    errors: { 404: 'No such library, or not accessible' },
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/libraries',
    tag,
    summary: 'Creates a library (its folders checked as library roots)',
    access: 'admin',
    body: CreateLibraryRequest,
    answer: LibraryJson,
    errors: { 400: 'Bad name, folders or settings; a folder overlaps another root or a server folder' },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/libraries/:id',
    tag,
    summary: 'Renames a library, changes its folders, icon, provider, settings or order',
    access: 'admin',
    body: UpdateLibraryRequest,
    answer: LibraryJson,
    errors: { 400: 'Bad name, folders or settings', 404: 'No such library' },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/libraries/:id',
    tag,
    summary: 'Deletes a library and its items (the files stay on disk)',
    access: 'admin',
    answer: LibraryJson,
    errors: { 404: 'No such library' },
  }),
  reorder: defineRoute({
    method: 'POST',
    path: '/api/libraries/order',
    tag,
    summary: 'Sets the display order of the libraries; answers every library in the new order',
    access: 'admin',
    body: ReorderLibrariesRequest,
    answer: ReorderLibrariesResponse,
    errors: { 400: 'Bad order list', 404: 'No such library' },
  }),
} as const
