import { defineRoute } from './route.ts'

/** Accounts, for admins (modules/users). */
export const userRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
