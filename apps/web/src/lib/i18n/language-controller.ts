import type { i18n as I18n } from 'i18next'
import {
  canonicalLanguageCode,
  defaultLanguageCode,
  type LanguageOption,
  type LocaleLoader,
} from './languages.ts'

export interface LanguageStorage {
  get(): string | null
  set(code: string): void
}

export interface LanguageControllerOptions {
  i18n: I18n
  languages: readonly LanguageOption[]
  loaders: Readonly<Record<string, LocaleLoader>>
  storage: LanguageStorage
  /** Loads and applies the language's date locale; awaited before the change is announced. */
  setDateLocale?: (code: string) => void | Promise<void>
  warn?: (message: string) => void
}

type ChangeListener = (code: string) => void

/** The language rules of spec §4. */
export class LanguageController {
  private readonly options: LanguageControllerOptions
  private readonly listeners = new Set<ChangeListener>()
  /** The language the user chose on this device (from 'lang'); the server's default never overrides it. */
  private localCode: string | null = null

  constructor(options: LanguageControllerOptions) {
    this.options = options
  }

  get current(): string {
    return this.options.i18n.language
  }

  get hasLocalLanguage(): boolean {
    return this.localCode !== null
  }

  isKnown(code: string): boolean {
    return this.options.languages.some((l) => l.code === code)
  }

  onChange(listener: ChangeListener): () => void {
    this.listeners.add(listener)
    return () => this.listeners.delete(listener)
  }

  /** Boot: apply the stored language; an unknown stored code is reset to the default. */
  async initFromStorage(): Promise<void> {
    const raw = this.options.storage.get()
    if (!raw) return
    const stored = canonicalLanguageCode(raw)
    if (!this.isKnown(stored)) {
      this.warn(`Invalid stored language "${stored}"; resetting to ${defaultLanguageCode}`)
      this.options.storage.set(defaultLanguageCode)
      return
    }
    if (stored !== raw) this.options.storage.set(stored)
    this.localCode = stored
    await this.setLanguage(stored)
  }

  /**
   * Switch language. Ignored when empty or already current; an unknown code only warns. A known code is
   * loaded, applied with en-us as fallback, stored in 'lang' (unless `persist` is false) and announced.
   * Returns whether the language changed.
   */
  async setLanguage(code: string, { persist = true }: { persist?: boolean } = {}): Promise<boolean> {
    if (!code || code === this.current) return false
    if (!this.isKnown(code)) {
      this.warn(`Invalid language code "${code}"`)
      return false
    }
    const { i18n, loaders } = this.options
    if (!i18n.hasResourceBundle(code, 'translation')) {
      const loader = loaders[code]
      // A listed language without a loader is the bundled default.
      if (loader) i18n.addResourceBundle(code, 'translation', await loader(), true, true)
    }
    // The date locale applies before i18next re-renders the app, so its first render in the new language
    // already shows its dates.
    await this.options.setDateLocale?.(code)
    await i18n.changeLanguage(code)
    if (persist) {
      this.options.storage.set(code)
      this.localCode = code
    }
    for (const listener of this.listeners) listener(code)
    return true
  }

  /**
   * The server's default language applies only when this device has no language of its own and the
   * server's differs from the default. It is not stored, so a later server change still applies.
   */
  async applyServerLanguage(code: string | null | undefined): Promise<boolean> {
    const canonical = code ? canonicalLanguageCode(code) : ''
    if (!canonical || this.localCode !== null || canonical === defaultLanguageCode) return false
    return this.setLanguage(canonical, { persist: false })
  }

  private warn(message: string): void {
    ;(this.options.warn ?? console.warn)(`[i18n] ${message}`)
  }
}
