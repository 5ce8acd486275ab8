import { defineRoute } from './route.ts'

/** A library's pages, filter data, home shelves, search and stats (modules/listing, filter-data, personalized, search, library-stats). */
export const browseRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
