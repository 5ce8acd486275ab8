import { findLanguage } from './languages.ts'

/** `<html lang dir>` follow the UI language: screen readers pronounce it, and right-to-left languages mirror. */
export function applyDocumentLanguage(code: string, root: HTMLElement = document.documentElement): void {
  const language = findLanguage(code)
  root.lang = language?.intlLocale ?? code
  root.dir = language?.dir ?? 'ltr'
}
