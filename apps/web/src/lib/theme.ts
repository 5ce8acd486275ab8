import { themes, type Theme } from '@shelfcast/contracts'
import { readString, storageKeys, writeString } from './storage.ts'

export const defaultTheme: Theme = 'dark'

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (themes as readonly string[]).includes(value)
}

export function storedTheme(): Theme {
  const value = readString(storageKeys.theme)
  return isTheme(value) ? value : defaultTheme
}

/** The whole app reads its colours from CSS variables keyed on <html data-theme>. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme
  root.style.colorScheme = theme === 'dark' ? 'dark' : 'light'
}

export function setTheme(theme: Theme): void {
  writeString(storageKeys.theme, theme)
  applyTheme(theme)
}
