import { useSyncExternalStore } from 'react'
import { languageController } from './app-i18n.ts'

/** The current language code, re-rendering on change. */
export function useLanguage(): string {
  return useSyncExternalStore(
    (onChange) => languageController.onChange(onChange),
    () => languageController.current,
  )
}
