import { defineRoute } from './route.ts'

/** Metadata providers, searches and matching (modules/metadata-providers). */
export const metadataRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
