import { z } from 'zod'

export const dateFormats = [
  'MM/dd/yyyy',
  'dd/MM/yyyy',
  'dd.MM.yyyy',
  'yyyy-MM-dd',
  'MMM do, yyyy',
  'MMMM do, yyyy',
  'dd MMM yyyy',
  'dd MMMM yyyy',
] as const
export const timeFormats = ['HH:mm', 'h:mma'] as const

export const ServerSettings = z.object({
  id: z.literal('server-settings'),
  version: z.string(),
  language: z.string(),
  dateFormat: z.enum(dateFormats),
  timeFormat: z.enum(timeFormats),
  scannerFindCovers: z.boolean(),
  scannerPreferMatchedMetadata: z.boolean(),
  storeCoverWithItem: z.boolean(),
  storeMetadataWithItem: z.boolean(),
  sortingIgnorePrefix: z.boolean(),
  sortingPrefixes: z.array(z.string()),
  chromecastEnabled: z.boolean(),
  homeBookshelfView: z.number().int(),
  bookshelfView: z.number().int(),
  allowIframe: z.boolean(),
  logLevel: z.number().int(),
  rateLimitLoginRequests: z.number().int(),
  rateLimitLoginWindow: z.number().int(),
  authActiveAuthMethods: z.array(z.string()),
  /** Browser origins besides the server's own that may use the refresh cookie (e.g. `https://app.example.org`). */
  allowedOrigins: z.array(z.string().max(300).regex(/^https?:\/\/[^/?#\s]+$/i, 'Origins look like https://host[:port]')).max(50),
})
export type ServerSettings = z.infer<typeof ServerSettings>

export const defaultServerSettings = (version: string): ServerSettings => ({
  id: 'server-settings',
  version,
  language: 'en-us',
  dateFormat: 'MM/dd/yyyy',
  timeFormat: 'HH:mm',
  scannerFindCovers: false,
  scannerPreferMatchedMetadata: false,
  storeCoverWithItem: false,
  storeMetadataWithItem: false,
  sortingIgnorePrefix: false,
  sortingPrefixes: ['the', 'a'],
  chromecastEnabled: false,
  homeBookshelfView: 0,
  bookshelfView: 0,
  allowIframe: false,
  logLevel: 2,
  rateLimitLoginRequests: 40,
  rateLimitLoginWindow: 600000,
  authActiveAuthMethods: ['local'],
  allowedOrigins: [],
})

/** PATCH /api/settings: any subset of the editable settings. Unknown keys are refused. */
export const UpdateServerSettingsRequest = ServerSettings.omit({ id: true, version: true }).partial().strict()
export type UpdateServerSettingsRequest = z.infer<typeof UpdateServerSettingsRequest>
