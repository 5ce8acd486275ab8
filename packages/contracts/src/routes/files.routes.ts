import { defineRoute } from './route.ts'

/** Uploads, downloads and the server's folders (modules/upload, downloads, filesystem). */
export const fileRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
