import { z } from 'zod'
import { ServerSettings, SortingPrefixes, UpdateServerSettingsRequest } from '../entities/server-settings.ts'
import { defineRoute } from './route.ts'

const tag = 'Server'

/** Server settings (modules/settings). */
export const settingsRoutes = {
  get: defineRoute({
    method: 'GET',
    path: '/api/settings',
    tag,
    summary: 'Every server setting, with those this server does not know kept as stored',
    access: 'admin',
    answer: z.object({ serverSettings: ServerSettings }),
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/settings',
    tag,
    summary:
      'Stores the given server settings (only those given; unknown ones are kept); every signed-in client is told',
    access: 'admin',
    body: UpdateServerSettingsRequest,
    answer: z.object({ success: z.boolean(), serverSettings: ServerSettings }),
    errors: { 400: 'A setting that cannot be changed here, or a value out of bounds' },
  }),
  updateSortingPrefixes: defineRoute({
    method: 'PATCH',
    path: '/api/sorting-prefixes',
    tag,
    summary: 'Stores the sorting prefixes and re-sorts every title and series name by them',
    access: 'admin',
    body: z.object({ sortingPrefixes: SortingPrefixes }).strict(),
    answer: z.object({ rowsUpdated: z.number().int(), serverSettings: ServerSettings }),
    errors: { 400: 'No sorting prefix, or too many or too long' },
  }),
} as const
