import { z } from 'zod'
import { defineRoute } from './route.ts'

/** The API's own description. */
export const docsRoutes = {
  openApi: defineRoute({
    method: 'GET',
    path: '/api/openapi.json',
    tag: 'Server',
    summary: 'This document: every route of the server as OpenAPI 3.1',
    access: 'admin',
    answer: z.record(z.string(), z.unknown()),
  }),
} as const
