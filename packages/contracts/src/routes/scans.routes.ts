import { defineRoute } from './route.ts'

/** Library scans and tasks (scanner, jobs). */
export const scanRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
