import { defineRoute } from './route.ts'

/** Authors: reading and editing (modules/authors). */
export const authorRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
