import type { Locale } from 'date-fns'

/**
 * date-fns locales by the `dateFnsLocale` name of languages.ts, each its own chunk, fetched with its language
 * (this module itself loads on the first switch away from en-us, so none of it weighs on the first load).
 * en-us has none: dates then take their names from Intl.
 */
const loaders: Readonly<Record<string, () => Promise<Locale>>> = {
  bg: () => import('date-fns/locale/bg').then((m) => m.bg),
  bn: () => import('date-fns/locale/bn').then((m) => m.bn),
  ca: () => import('date-fns/locale/ca').then((m) => m.ca),
  cs: () => import('date-fns/locale/cs').then((m) => m.cs),
  da: () => import('date-fns/locale/da').then((m) => m.da),
  de: () => import('date-fns/locale/de').then((m) => m.de),
  es: () => import('date-fns/locale/es').then((m) => m.es),
  et: () => import('date-fns/locale/et').then((m) => m.et),
  fi: () => import('date-fns/locale/fi').then((m) => m.fi),
  fr: () => import('date-fns/locale/fr').then((m) => m.fr),
  he: () => import('date-fns/locale/he').then((m) => m.he),
  hr: () => import('date-fns/locale/hr').then((m) => m.hr),
  hu: () => import('date-fns/locale/hu').then((m) => m.hu),
  it: () => import('date-fns/locale/it').then((m) => m.it),
  lt: () => import('date-fns/locale/lt').then((m) => m.lt),
  nb: () => import('date-fns/locale/nb').then((m) => m.nb),
  nl: () => import('date-fns/locale/nl').then((m) => m.nl),
  pl: () => import('date-fns/locale/pl').then((m) => m.pl),
  ptBR: () => import('date-fns/locale/pt-BR').then((m) => m.ptBR),
  ru: () => import('date-fns/locale/ru').then((m) => m.ru),
  sl: () => import('date-fns/locale/sl').then((m) => m.sl),
  sv: () => import('date-fns/locale/sv').then((m) => m.sv),
  uk: () => import('date-fns/locale/uk').then((m) => m.uk),
  vi: () => import('date-fns/locale/vi').then((m) => m.vi),
  zhCN: () => import('date-fns/locale/zh-CN').then((m) => m.zhCN),
  zhTW: () => import('date-fns/locale/zh-TW').then((m) => m.zhTW),
}

/** The date-fns locale of that name; null for en-us (Intl's names serve) and for a name without one. */
export async function loadDateFnsLocale(name: string): Promise<Locale | null> {
  const load = loaders[name]
  return load ? load() : null
}

export function hasDateFnsLocale(name: string): boolean {
  return name in loaders
}
