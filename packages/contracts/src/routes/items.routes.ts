import { defineRoute } from './route.ts'

/** Library items: one item, covers, batch reads (modules/library-items). */
export const itemRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
