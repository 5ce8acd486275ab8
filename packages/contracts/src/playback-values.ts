// The zod-free values of playback.ts: the web client loads them without zod (`@shelfcast/contracts/client`).

/** Spec §3: play methods. */
export const PlayMethod = { DIRECTPLAY: 0, DIRECTSTREAM: 1, TRANSCODE: 2, LOCAL: 3 } as const
export type PlayMethod = (typeof PlayMethod)[keyof typeof PlayMethod]

/** An item is finished when fewer than this many seconds remain (a library may set its own: markAsFinished*). */
export const FINISHED_REMAINING_SEC = 10
/** HLS segment length of a transcode. */
export const HLS_SEGMENT_SEC = 6

/** The columns GET /api/sessions sorts by (`?sort=`); anything else sorts by `updatedAt`. */
export const SESSION_SORT_KEYS = [
  'updatedAt',
  'startedAt',
  'displayTitle',
  'displayAuthor',
  'timeListening',
  'currentTime',
  'duration',
  'playMethod',
] as const
export type SessionSortKey = (typeof SESSION_SORT_KEYS)[number]
