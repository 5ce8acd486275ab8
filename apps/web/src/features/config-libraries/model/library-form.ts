import type {
  CreateLibraryRequest,
  Library,
  LibrarySettings,
  MediaType,
  UpdateLibraryRequest,
} from '@shelfcast/contracts'
import { defaultLibrarySettings, libraryIcons } from '@shelfcast/contracts/client'
import { cronErrorKeys, parseCron, scheduleToCron, validateSchedule, type Schedule } from './cron.ts'

export type LibraryIconName = (typeof libraryIcons)[number]

/** What the library modal edits. */
export interface LibraryDraft {
  name: string
  mediaType: MediaType
  icon: LibraryIconName
  /** Kept folders carry their id; new ones only a path. */
  folders: { id?: string; fullPath: string }[]
  /** Everything but the scan schedule, which `schedule` holds (null: no automatic scans). */
  settings: LibrarySettings
  schedule: Schedule | null
}

export interface LibraryDraftErrors {
  name?: string
  folders?: string
  schedule?: string
}

const defaultIcon: Record<MediaType, LibraryIconName> = { book: 'database', podcast: 'podcast' }
const defaultProvider: Record<MediaType, string> = { book: 'google', podcast: 'itunes' }

export function isLibraryIcon(value: string): value is LibraryIconName {
  return (libraryIcons as readonly string[]).includes(value)
}

/** A new library's settings: its type's defaults, with the server's default metadata precedence when known. */
function newLibrarySettings(
  mediaType: MediaType,
  precedence: LibrarySettings['metadataPrecedence'] | undefined,
): LibrarySettings {
  const defaults = defaultLibrarySettings(mediaType)
  return precedence ? { ...defaults, metadataPrecedence: [...precedence] } : defaults
}

/** `precedence`: the server's default (Settings > Scanner), which a new library starts with. */
export function newLibraryDraft(
  mediaType: MediaType = 'book',
  precedence?: LibrarySettings['metadataPrecedence'],
): LibraryDraft {
  return {
    name: '',
    mediaType,
    icon: defaultIcon[mediaType],
    folders: [],
    settings: newLibrarySettings(mediaType, precedence),
    schedule: null,
  }
}

/** Switching the media type of a new library: its defaults follow, what was typed stays. */
export function withMediaType(
  draft: LibraryDraft,
  mediaType: MediaType,
  precedence?: LibrarySettings['metadataPrecedence'],
): LibraryDraft {
  if (draft.mediaType === mediaType) return draft
  const icon = draft.icon === defaultIcon[draft.mediaType] ? defaultIcon[mediaType] : draft.icon
  return {
    ...draft,
    mediaType,
    icon,
    settings: newLibrarySettings(mediaType, precedence),
    schedule: draft.schedule,
  }
}

export function draftFromLibrary(library: Library): LibraryDraft {
  return {
    name: library.name,
    mediaType: library.mediaType,
    icon: isLibraryIcon(library.icon) ? library.icon : 'database',
    folders: library.folders.map((f) => ({ id: f.id, fullPath: f.fullPath })),
    settings: { ...defaultLibrarySettings(library.mediaType), ...library.settings },
    schedule: library.settings.autoScanCronExpression
      ? parseCron(library.settings.autoScanCronExpression)
      : null,
  }
}

/** The settings the server stores, the schedule written as its cron expression. */
export function draftSettings(draft: LibraryDraft): LibrarySettings {
  return { ...draft.settings, autoScanCronExpression: draft.schedule ? scheduleToCron(draft.schedule) : null }
}

/** Trailing separators dropped (but not the root itself), whitespace trimmed. */
export function normaliseFolderPath(path: string): string {
  const trimmed = path.trim()
  return trimmed.length > 1 ? trimmed.replace(/[\\/]+$/, '') || trimmed : trimmed
}

/** Adds a folder unless it is empty or already listed. */
export function addFolder(draft: LibraryDraft, path: string): LibraryDraft {
  const fullPath = normaliseFolderPath(path)
  if (!fullPath || draft.folders.some((f) => f.fullPath === fullPath)) return draft
  return { ...draft, folders: [...draft.folders, { fullPath }] }
}

export function removeFolder(draft: LibraryDraft, fullPath: string): LibraryDraft {
  return { ...draft, folders: draft.folders.filter((f) => f.fullPath !== fullPath) }
}

/** The spec §5 messages (en-us keys) for what must be fixed before saving. */
export function validateLibraryDraft(draft: LibraryDraft): LibraryDraftErrors {
  const errors: LibraryDraftErrors = {}
  if (!draft.name.trim()) errors.name = 'ToastNameRequired'
  if (draft.folders.length === 0) errors.folders = 'ToastMustHaveAtLeastOnePath'
  const problem = draft.schedule ? validateSchedule(draft.schedule) : null
  if (problem) errors.schedule = cronErrorKeys[problem]
  return errors
}

export const hasErrors = (errors: LibraryDraftErrors) => Object.keys(errors).length > 0

/** POST /api/libraries body. */
export function toCreateRequest(draft: LibraryDraft): CreateLibraryRequest {
  return {
    name: draft.name.trim(),
    mediaType: draft.mediaType,
    icon: draft.icon,
    provider: defaultProvider[draft.mediaType],
    folders: draft.folders.map((f) => ({ fullPath: f.fullPath })),
    settings: draftSettings(draft),
  }
}

/** PATCH /api/libraries/:id body: only what changed (the folder list whole, when it changed). */
export function toUpdateRequest(library: Library, draft: LibraryDraft): UpdateLibraryRequest {
  const original = draftFromLibrary(library)
  const body: UpdateLibraryRequest = {}
  if (draft.name.trim() !== original.name) body.name = draft.name.trim()
  if (draft.icon !== original.icon) body.icon = draft.icon
  const paths = (d: LibraryDraft) => d.folders.map((f) => f.fullPath).join('\n')
  if (paths(draft) !== paths(original)) body.folders = draft.folders
  const before = draftSettings(original)
  const after = draftSettings(draft)
  const settings: Partial<LibrarySettings> = {}
  for (const key of Object.keys(after) as (keyof LibrarySettings)[]) {
    if (JSON.stringify(after[key]) !== JSON.stringify(before[key])) {
      ;(settings as Record<string, unknown>)[key] = after[key]
    }
  }
  if (Object.keys(settings).length > 0) body.settings = settings
  return body
}
