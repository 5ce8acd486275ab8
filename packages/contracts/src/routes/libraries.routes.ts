import { defineRoute } from './route.ts'

/** Libraries and their admin (modules/libraries). */
export const libraryRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
