import type { z } from 'zod'
import { badRequest, HttpError } from './errors.ts'

/**
 * Parses untrusted input with a contract schema. The first problem becomes a 400 whose message
 * is the schema's own (the spec's validation messages live there) or names the field.
 */
export function parseInput<S extends z.ZodType>(schema: S, value: unknown): z.infer<S> {
  const result = schema.safeParse(value ?? {})
  if (result.success) return result.data
  const issue = firstProblem(result.error.issues[0])
  if (!issue) throw badRequest('Invalid request')
  const field = issue.path.join('.')
  // zod's own messages ("Invalid input: ...", "Invalid option: ...", "Too big: ...") do not say which field.
  const generic = /^(Invalid|Too (big|small)|Unrecognized)/.test(issue.message)
  if (generic && field)
    throw new HttpError(400, `${field}: ${issue.message}`, {
      keyed: { key: 'ErrorInvalidValueFor', subs: { field } },
    })
  throw badRequest(issue.message)
}

/**
 * zod reports a union no option accepts as a bare "Invalid input". For a union of objects (a body whose schema
 * depends on what it is for) the first option's complaint about one of its fields says what is wrong instead.
 */
function firstProblem(issue: z.core.$ZodIssue | undefined): z.core.$ZodIssue | undefined {
  if (issue?.code !== 'invalid_union') return issue
  const inner = issue.errors[0]?.[0]
  if (!inner || inner.path.length === 0) return issue
  return { ...inner, path: [...issue.path, ...inner.path] }
}
