import { defineRoute } from './route.ts'

/** Series (modules/series). */
export const seriesRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
