import { defineRoute } from './route.ts'

/** The caller's own account (modules/me). */
export const meRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
