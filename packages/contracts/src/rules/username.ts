import { z } from 'zod'
import {
  normalizeUsername,
  USERNAME_MAX_LENGTH,
  usernameMessages,
  usernameProblem,
} from './username-values.ts'

export * from './username-values.ts'

/** A username as a new account's or a rename's: normalised, then held to the rule. */
export const usernameSchema = (emptyMessage: string = usernameMessages.empty) =>
  z
    .string({ error: emptyMessage })
    .max(USERNAME_MAX_LENGTH * 4, usernameMessages.tooLong)
    .transform(normalizeUsername)
    .superRefine((name, ctx) => {
      const problem = usernameProblem(name)
      if (problem)
        ctx.addIssue({
          code: 'custom',
          message: problem === 'empty' ? emptyMessage : usernameMessages[problem],
        })
    })

export const Username = usernameSchema()

/**
 * A username typed at login: kept as typed (bounded), so an account stored before the rule existed
 * is still found by its exact name; otherwise the account is the one with the same key.
 */
export const LoginUsername = z
  .string({ error: usernameMessages.empty })
  .max(USERNAME_MAX_LENGTH * 4, usernameMessages.tooLong)
  .trim()
  .min(1, usernameMessages.empty)
