/** Strings of one language: flat keys (ABS-style names) to text with i18next `{{var}}` placeholders. */
export type LocaleStrings = Record<string, string>

export interface LanguageOption {
  /** Audiobookshelf's code: the `lang` storage value and the server settings' `language`. */
  code: string
  /** The language's own name, shown in the selector. */
  name: string
  /** BCP 47 tag for Intl date, number and plural formatting. */
  intlLocale: string
  /** The date-fns locale export that formats the server's date format in this language. */
  dateFnsLocale: string
  dir: 'ltr' | 'rtl'
}

export const defaultLanguageCode = 'en-us'

const ltr = (code: string, name: string, intlLocale: string, dateFnsLocale: string): LanguageOption => ({
  code,
  name,
  intlLocale,
  dateFnsLocale,
  dir: 'ltr',
})

/** The 27 UI languages of spec §1, with Audiobookshelf's codes, in the order of its language menu. */
export const allLanguages: readonly LanguageOption[] = [
  ltr('bg', 'Български', 'bg-BG', 'bg'),
  ltr('bn', 'বাংলা', 'bn-BD', 'bn'),
  ltr('ca', 'Català', 'ca-ES', 'ca'),
  ltr('cs', 'Čeština', 'cs-CZ', 'cs'),
  ltr('da', 'Dansk', 'da-DK', 'da'),
  ltr('de', 'Deutsch', 'de-DE', 'de'),
  ltr('en-us', 'English', 'en-US', 'enUS'),
  ltr('es', 'Español', 'es-ES', 'es'),
  ltr('et', 'Eesti', 'et-EE', 'et'),
  ltr('fi', 'Suomi', 'fi-FI', 'fi'),
  ltr('fr', 'Français', 'fr-FR', 'fr'),
  { code: 'he', name: 'עברית', intlLocale: 'he-IL', dateFnsLocale: 'he', dir: 'rtl' },
  ltr('hr', 'Hrvatski', 'hr-HR', 'hr'),
  ltr('it', 'Italiano', 'it-IT', 'it'),
  ltr('lt', 'Lietuvių', 'lt-LT', 'lt'),
  ltr('hu', 'Magyar', 'hu-HU', 'hu'),
  ltr('nl', 'Nederlands', 'nl-NL', 'nl'),
  ltr('no', 'Norsk', 'nb-NO', 'nb'),
  ltr('pl', 'Polski', 'pl-PL', 'pl'),
  ltr('pt-br', 'Português (Brasil)', 'pt-BR', 'ptBR'),
  ltr('ru', 'Русский', 'ru-RU', 'ru'),
  ltr('sl', 'Slovenščina', 'sl-SI', 'sl'),
  ltr('sv', 'Svenska', 'sv-SE', 'sv'),
  ltr('uk', 'Українська', 'uk-UA', 'uk'),
  ltr('vi-vn', 'Tiếng Việt', 'vi-VN', 'vi'),
  ltr('zh-cn', '简体中文 (Simplified Chinese)', 'zh-CN', 'zhCN'),
  ltr('zh-tw', '正體中文 (Traditional Chinese)', 'zh-TW', 'zhTW'),
]

export type LocaleLoader = () => Promise<LocaleStrings>

// Each locale file becomes its own chunk, fetched when chosen; en-us is bundled (split by vite-locale-split.ts).
const localeModules = import.meta.glob<LocaleStrings>(['../../locales/*.json', '!../../locales/en-us.json'], {
  import: 'default',
})

/** Lazy loaders by language code. */
export const localeLoaders: Readonly<Record<string, LocaleLoader>> = Object.fromEntries(
  Object.entries(localeModules).map(([path, load]) => [path.replace(/^.*\/|\.json$/g, ''), load]),
)

/** Only languages with a locale file are offered: choosing one must really change the UI. */
export const languages: readonly LanguageOption[] = allLanguages.filter(
  (l) => l.code === defaultLanguageCode || l.code in localeLoaders,
)

/** Codes earlier Shelfcast versions stored ('de-de'), read as the code they became. */
const formerCodes: Readonly<Record<string, string>> = { 'de-de': 'de', 'fr-fr': 'fr' }

/** A stored or server-sent code as today's code (lower-case, former codes mapped). */
export function canonicalLanguageCode(code: string): string {
  const lower = code.trim().toLowerCase()
  return formerCodes[lower] ?? lower
}

/** Any of the 27 by code, whether or not its locale file is in this build. */
export function findLanguage(code: string): LanguageOption | undefined {
  return allLanguages.find((l) => l.code === code)
}
