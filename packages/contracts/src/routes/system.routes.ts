import { z } from 'zod'
import { InitRequest, StatusResponse } from '../auth.ts'
import { defineRoute, rawAnswer } from './route.ts'

const tag = 'Server'

/** `POST /api/validate-cron`'s body: the expression a schedule editor is about to save. */
const ValidateCronRequest = z.object({
  expression: z
    .string({ message: 'Cron expression is required' })
    .trim()
    .min(1, 'Cron expression is required')
    .max(200),
})

/** Server status, first-run set-up and checks (modules/system). */
export const systemRoutes = {
  status: defineRoute({
    method: 'GET',
    path: '/status',
    tag,
    summary: 'Whether the server is set up, and how users sign in (paths too, before the first run)',
    access: 'public',
    answer: StatusResponse,
  }),
  ping: defineRoute({
    method: 'GET',
    path: '/ping',
    tag,
    summary: 'Answers while the server runs',
    access: 'public',
    answer: z.object({ success: z.boolean() }),
  }),
  healthcheck: defineRoute({
    method: 'GET',
    path: '/healthcheck',
    tag,
    summary: 'Answers OK while the server runs (for container health checks)',
    access: 'public',
    answer: rawAnswer.text('OK'),
  }),
  init: defineRoute({
    method: 'POST',
    path: '/init',
    tag,
    summary: 'Creates the root user on the first run',
    access: 'public',
    body: InitRequest,
    answer: rawAnswer.text('OK'),
    errors: { 400: 'Bad username or password, or the server is already set up' },
  }),
  validateCron: defineRoute({
    method: 'POST',
    path: '/api/validate-cron',
    tag,
    summary: 'Checks a cron expression before a schedule is saved',
    body: ValidateCronRequest,
    answer: rawAnswer.text('OK'),
    errors: { 400: 'Not a 5-field cron expression, or one that never runs' },
  }),
} as const
