// The zod-free values of podcasts.ts: the web client loads them without zod (`@shelfcast/contracts/client`).

/** The 28 iTunes stores the Add page can search (spec §3 "podcast search regions"). */
export const podcastSearchRegions = [
  'au',
  'br',
  'be',
  'cz',
  'dk',
  'de',
  'ee',
  'es',
  'fr',
  'hk',
  'ie',
  'it',
  'lv',
  'lu',
  'hu',
  'nl',
  'no',
  'nz',
  'at',
  'pl',
  'pt',
  'ch',
  'se',
  'fi',
  'gb',
  'us',
  'ca',
  'jp',
] as const

/** Spec §9 preset check intervals, as 5-field cron expressions (label keys in the client's locale). */
export const podcastCronPresets = [
  { key: 'Every12Hours', cron: '0 */12 * * *' },
  { key: 'Every6Hours', cron: '0 */6 * * *' },
  { key: 'Every2Hours', cron: '0 */2 * * *' },
  { key: 'EveryHour', cron: '0 * * * *' },
  { key: 'Every30Minutes', cron: '*/30 * * * *' },
  { key: 'Every15Minutes', cron: '*/15 * * * *' },
  { key: 'EveryMinute', cron: '* * * * *' },
] as const
