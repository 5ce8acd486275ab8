import { defineRoute } from './route.ts'

/** Sign in, refresh, sign out, authorize (modules/auth). */
export const authRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
