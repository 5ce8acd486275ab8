/** Share values the client needs without zod (client.ts). */
/** Share units of §9: the share modal's duration times one of these is the lifetime in seconds. */
export const shareUnitSeconds = { minutes: 60, hours: 3600, days: 86400 } as const
export type ShareUnit = keyof typeof shareUnitSeconds
/** §9: the random slug the share modal suggests has this many characters. */
export const SHARE_SLUG_SUGGESTION_LENGTH = 10
