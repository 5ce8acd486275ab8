// The zod-free values of items.ts: the web client loads them without zod (`@shelfcast/contracts/client`).

/** The most ids POST /api/items/batch/get takes. */
export const MAX_BATCH_GET_IDS = 1000
