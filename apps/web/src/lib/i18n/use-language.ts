import { useSyncExternalStore } from 'react'
import { languageController } from './app-i18n.ts'
import { findLanguage } from './languages.ts'

/** The current language code, re-rendering on change. */
export function useLanguage(): string {
  return useSyncExternalStore(
    (onChange) => languageController.onChange(onChange),
    () => languageController.current,
  )
}

/** The current language's writing direction, for components (Radix menus, selects) that take `dir`. */
export function useTextDirection(): 'ltr' | 'rtl' {
  return findLanguage(useLanguage())?.dir ?? 'ltr'
}
