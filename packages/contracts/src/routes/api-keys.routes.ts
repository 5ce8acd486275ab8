import { defineRoute } from './route.ts'

/** API keys, for admins (modules/api-keys). */
export const apiKeyRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
