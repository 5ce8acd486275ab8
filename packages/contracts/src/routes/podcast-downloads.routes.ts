import { defineRoute } from './route.ts'

/** Episode downloads and their queue (modules/podcast-downloads). */
export const podcastDownloadRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
