import type { DeviceInfo, SessionMediaMetadata } from '@shelfcast/contracts'

/**
 * The device a session was played on, as stored with it (device_info). Older rows and sessions synced
 * from apps may lack any field, so every reader treats them all as optional.
 */
export interface StoredDevice {
  id?: string
  deviceId?: string
  clientName?: string | null
  clientVersion?: string | null
  manufacturer?: string | null
  model?: string | null
  sdkVersion?: number | string | null
  ipAddress?: string | null
  serverVersion?: string
  browserName?: string | null
  browserVersion?: string | null
  osName?: string | null
  osVersion?: string | null
}

const text = (v: unknown): string => (typeof v === 'string' ? v : typeof v === 'number' ? String(v) : '')

/**
 * Audiobookshelf's deviceInfo of a stored session: the client's strings, "" where the client sent none
 * (its devices come back from the database that way), browser and OS (from the User-Agent) only when known,
 * a client name guessed from what mobile apps send, and a device name made of manufacturer and model, or of
 * OS and browser.
 */
export function deviceInfoJson(stored: StoredDevice, userId: string, serverVersion: string): DeviceInfo {
  const manufacturer = text(stored.manufacturer)
  const model = text(stored.model)
  const sdkVersion = text(stored.sdkVersion)
  const browserName = text(stored.browserName)
  const osName = text(stored.osName)
  const osVersion = text(stored.osVersion)
  const fromPhone = sdkVersion !== '' || model !== ''
  const fromBrowser = !fromPhone && osName !== '' && browserName !== ''
  const guessedClient = sdkVersion ? 'Abs Android' : model ? 'Abs iOS' : fromBrowser ? 'Abs Web' : 'Unknown'
  const known = (key: string, value: string) => (value ? { [key]: value } : {})
  return {
    id: text(stored.id) || text(stored.deviceId),
    userId,
    deviceId: text(stored.deviceId),
    ipAddress: stored.ipAddress ?? null,
    ...known('browserName', browserName),
    ...known('browserVersion', text(stored.browserVersion)),
    ...known('osName', osName),
    ...known('osVersion', osVersion),
    clientVersion: text(stored.clientVersion) || serverVersion,
    manufacturer,
    model,
    sdkVersion,
    clientName: text(stored.clientName) || guessedClient,
    deviceName: fromPhone
      ? `${manufacturer || 'Unknown'} ${model}`
      : fromBrowser
        ? `${osName} ${osVersion || 'N/A'} ${browserName}`
        : '',
  }
}

/** A short human description of a device, for the multi-session warning (`user_item_progress_updated`). */
export function deviceDescription(d: StoredDevice): string {
  // A browser has no manufacturer or model: its name and OS (from the User-Agent) tell two browsers apart.
  const browser = d.browserName ? [d.browserName, d.osName && `on ${d.osName}`].filter(Boolean).join(' ') : ''
  const hardware = [d.manufacturer, d.model].filter(Boolean).join(' ') || browser
  const parts = [hardware, [d.clientName, d.clientVersion].filter(Boolean).join(' ')]
  return parts.filter(Boolean).join(' / ') || 'Unknown device'
}

const BOOK_METADATA_KEYS = [
  'title',
  'subtitle',
  'authors',
  'narrators',
  'series',
  'genres',
  'publishedYear',
  'publishedDate',
  'publisher',
  'description',
  'isbn',
  'asin',
  'language',
  'explicit',
  'abridged',
] as const
const PODCAST_METADATA_KEYS = [
  'title',
  'author',
  'description',
  'releaseDate',
  'genres',
  'feedUrl',
  'imageUrl',
  'itunesPageUrl',
  'itunesId',
  'itunesArtistId',
  'explicit',
  'language',
  'type',
] as const

/**
 * A session's mediaMetadata as Audiobookshelf keeps it: the media's metadata in its full form (arrays of
 * authors, narrators and series), without the derived display strings of our item JSON. Keys the
 * metadata lacks stay out.
 */
export function sessionMediaMetadata(mediaType: string, metadata: unknown): SessionMediaMetadata {
  if (!metadata || typeof metadata !== 'object') return {}
  const source = metadata as Record<string, unknown>
  const keys = mediaType === 'podcast' ? PODCAST_METADATA_KEYS : BOOK_METADATA_KEYS
  const out: Record<string, unknown> = {}
  for (const key of keys) if (key in source) out[key] = source[key]
  // The keys are the contract's; their values are the media metadata's own, checked against it in tests.
  return out as SessionMediaMetadata
}
