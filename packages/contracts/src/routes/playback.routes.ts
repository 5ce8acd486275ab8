import { defineRoute } from './route.ts'

/** Playback sessions, progress, bookmarks, streams and listening stats (modules/playback). */
export const playbackRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
