// The zod-free values of metadata-providers.ts: the web client loads them without zod (`@shelfcast/contracts/client`).

/** Audible stores by their Audnexus region code (spec §3: com, ca, uk, au, fr, de, jp, it, in, es). */
export const audibleRegions = ['us', 'ca', 'uk', 'au', 'fr', 'de', 'jp', 'it', 'in', 'es'] as const
