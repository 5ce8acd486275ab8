import { z } from 'zod'

/** A boolean query flag as clients send it: `1`/`0`, `true`/`false`, or empty (false). */
export const queryFlag = z
  .union([z.literal('1'), z.literal('0'), z.literal('true'), z.literal('false'), z.literal('')])
  .transform((v) => v === '1' || v === 'true')
