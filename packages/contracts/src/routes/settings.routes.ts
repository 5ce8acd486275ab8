import { z } from 'zod'
import { ServerSettings, UpdateServerSettingsRequest } from '../entities/server-settings.ts'
import { defineRoute } from './route.ts'

/** Server settings (modules/settings). */
export const settingsRoutes = {
  update: defineRoute({
    method: 'PATCH',
    path: '/api/settings',
    tag: 'Server',
    summary: 'Changes server settings (only the editable ones); every signed-in client is told',
    access: 'admin',
    body: UpdateServerSettingsRequest,
    answer: z.object({ success: z.boolean(), serverSettings: ServerSettings }),
    errors: { 400: 'An unknown setting or a value out of bounds' },
  }),
} as const
