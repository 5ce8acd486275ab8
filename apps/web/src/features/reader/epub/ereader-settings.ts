import type { FrameStyle } from './frame-protocol.ts'

/** Spec §3: the EPUB reader's settings, kept in the browser under `ereaderSettings`. */
export interface EreaderSettings {
  theme: 'dark' | 'sepia' | 'light'
  font: 'serif' | 'sans-serif'
  /** Percent, 5–300 step 5. */
  fontScale: number
  /** Percent, 100–300 step 5. */
  lineSpacing: number
  /** Kept for compatibility; not exposed (the boldness slider edits textStroke). */
  fontBoldness: number
  spread: 'none' | 'auto'
  /** Pages turned one at a time, or the book as one scrolling column (ours; Audiobookshelf's reader pages only). */
  flow: 'paginated' | 'scrolled'
  /** Percent, 0–300 step 5: the "font boldness" slider. */
  textStroke: number
}

export const EREADER_SETTINGS_KEY = 'ereaderSettings'

export const DEFAULT_EREADER_SETTINGS: EreaderSettings = {
  theme: 'dark',
  font: 'serif',
  fontScale: 100,
  lineSpacing: 115,
  fontBoldness: 100,
  spread: 'auto',
  flow: 'paginated',
  textStroke: 0,
}

export interface SliderRange {
  min: number
  max: number
  step: number
}

/** Spec §5 slider ranges. */
export const SLIDER_RANGES = {
  fontScale: { min: 5, max: 300, step: 5 },
  lineSpacing: { min: 100, max: 300, step: 5 },
  textStroke: { min: 0, max: 300, step: 5 },
} as const satisfies Record<string, SliderRange>

const CHOICES = {
  theme: ['dark', 'sepia', 'light'],
  font: ['serif', 'sans-serif'],
  spread: ['none', 'auto'],
  flow: ['paginated', 'scrolled'],
} as const

const inRange = (value: unknown, { min, max }: Pick<SliderRange, 'min' | 'max'>): value is number =>
  typeof value === 'number' && Number.isFinite(value) && value >= min && value <= max

/**
 * Settings from stored JSON: known keys only, each bad or missing value replaced by its default (a damaged
 * entry never breaks the reader).
 */
export function parseEreaderSettings(raw: string | null): EreaderSettings {
  const settings = { ...DEFAULT_EREADER_SETTINGS }
  if (!raw) return settings
  let stored: unknown
  try {
    stored = JSON.parse(raw)
  } catch {
    return settings
  }
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return settings
  const s = stored as Record<string, unknown>
  for (const key of ['theme', 'font', 'spread', 'flow'] as const) {
    const value = s[key]
    if ((CHOICES[key] as readonly unknown[]).includes(value)) Object.assign(settings, { [key]: value })
  }
  for (const key of ['fontScale', 'lineSpacing', 'textStroke'] as const) {
    const value = s[key]
    if (inRange(value, SLIDER_RANGES[key])) settings[key] = value
  }
  if (inRange(s.fontBoldness, { min: 0, max: 1000 })) settings.fontBoldness = s.fontBoldness
  return settings
}

export function loadEreaderSettings(storage: Pick<Storage, 'getItem'> = localStorage): EreaderSettings {
  try {
    return parseEreaderSettings(storage.getItem(EREADER_SETTINGS_KEY))
  } catch {
    // Storage blocked (private mode, policy): defaults.
    return { ...DEFAULT_EREADER_SETTINGS }
  }
}

export function saveEreaderSettings(
  settings: EreaderSettings,
  storage: Pick<Storage, 'setItem'> = localStorage,
): void {
  try {
    storage.setItem(EREADER_SETTINGS_KEY, JSON.stringify(settings))
  } catch {
    // Full or blocked storage: the settings still apply for this session.
  }
}

/** What the reader frame needs of the settings. */
export function frameStyleOf(settings: EreaderSettings): FrameStyle {
  const { theme, font, fontScale, lineSpacing, textStroke, spread, flow } = settings
  return { theme, font, fontScale, lineSpacing, textStroke, spread, flow }
}
