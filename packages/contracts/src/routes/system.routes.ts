import { defineRoute } from './route.ts'

/** Server status, first-run set-up and checks (modules/system). */
export const systemRoutes = {} as const satisfies Record<string, ReturnType<typeof defineRoute>>
