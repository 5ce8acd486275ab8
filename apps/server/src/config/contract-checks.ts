import type { z } from 'zod'

/**
 * Whether every answer and socket payload is checked against its contract before it leaves (set by the test
 * configuration; off in production, where the check would cost time on every call).
 */
export const checkContracts = process.env.SHELFCAST_CHECK_ANSWERS === '1'

/** Throws, naming `what` and the first mismatch, when `value` does not match `schema`. */
export function assertContract(schema: z.ZodType, value: unknown, what: string): void {
  const result = schema.safeParse(value)
  if (result.success) return
  const issue = result.error.issues[0]
  throw new Error(`${what} outside its contract: ${issue?.path.join('.') ?? ''}: ${issue?.message ?? ''}`)
}
