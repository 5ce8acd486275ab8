import { z } from 'zod'
import { slugProblem, SLUG_MAX_LENGTH } from './slug-values.ts'

export { sanitizeSlug, slugProblem, SLUG_MAX_LENGTH } from './slug-values.ts'

/** A slug in a request body: refused with the §5 message unless `slugProblem` finds none. */
export const SlugField = z
  .string()
  .max(SLUG_MAX_LENGTH)
  .superRefine((slug, ctx) => {
    const problem = slugProblem(slug)
    if (problem) ctx.addIssue({ code: 'custom', message: problem })
  })
