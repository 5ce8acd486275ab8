import { z } from 'zod'
import { SLUG_MAX_LENGTH, slugProblem } from './slug.ts'

/**
 * A feed or share slug in a request body: refused with the §5 message unless `slugProblem` finds none. Apart
 * from slug.ts so the zod-free client entry (client.ts) can take the rules without zod.
 */
export const SlugField = z
  .string()
  .max(SLUG_MAX_LENGTH)
  .superRefine((slug, ctx) => {
    const problem = slugProblem(slug)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
