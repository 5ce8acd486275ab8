import { queryFlag } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { z } from 'zod'
import { parseInput } from './parse.ts'

/** The message of the 400 that parsing `value` with `schema` throws. */
function messageOf(schema: z.ZodType, value: unknown): string {
  try {
    parseInput(schema, value)
  } catch (error) {
    return (error as Error).message
  }
  throw new Error('parsed without a problem')
}

describe('parseInput', () => {
  const book = z.object({ metadata: z.object({ title: z.string().trim().min(1, 'Title is required') }) })
  const podcast = z.object({ metadata: z.object({ title: z.string().trim().min(1).max(10) }) })

  it("gives a union of objects the first option's complaint about its field, not a bare 'Invalid input'", () => {
    const media = z.union([book, podcast])
    expect(messageOf(media, { metadata: { title: ' ' } })).toBe('Title is required')
    // A zod message that does not name the field gets the field's path, as outside a union.
    expect(messageOf(media, { metadata: { title: 5 } })).toMatch(
      /^metadata\.title: Invalid input: expected string/,
    )
    expect(messageOf(z.object({ media }), { media: { metadata: { title: '' } } })).toBe('Title is required')
  })

  it('keeps the field-named generic message for a union of values', () => {
    expect(messageOf(z.object({ hard: queryFlag }), { hard: 'maybe' })).toBe('hard: Invalid input')
  })
})
