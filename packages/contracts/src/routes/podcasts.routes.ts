import { defineRoute } from './route.ts'

/** Podcasts and their episodes (modules/podcasts). */
export const podcastRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
