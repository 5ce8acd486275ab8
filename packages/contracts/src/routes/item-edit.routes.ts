import { defineRoute } from './route.ts'

/** Editing items: details, chapters, covers, files (modules/item-edit). */
export const itemEditRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
