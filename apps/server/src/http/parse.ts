import type { z } from 'zod'
import { badRequest } from './errors.ts'

/**
 * Parses untrusted input with a contract schema. The first problem becomes a 400 whose message
 * is the schema's own (the spec's validation messages live there) or names the field.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {})
  if (result.success) return result.data
  const issue = result.error.issues[0]
  if (!issue) throw badRequest('Invalid request')
  const field = issue.path.join('.')
  const generic = issue.message.startsWith('Invalid input') || issue.message.startsWith('Unrecognized key')
  throw badRequest(generic && field ? `${field}: ${issue.message}` : issue.message)
}
