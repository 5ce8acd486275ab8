import { defineRoute } from './route.ts'

/** Server settings (modules/settings). */
export const settingsRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
