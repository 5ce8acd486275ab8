import type { Theme } from '@shelfcast/contracts'
import { themes } from '@shelfcast/contracts/client'
import { readString, storageKeys, writeString } from './storage.ts'

export const defaultTheme: Theme = 'dark'

export function isTheme(value: unknown): value is Theme {
  return typeof value === 'string' && (themes as readonly string[]).includes(value)
}

export function storedTheme(): Theme {
  const value = readString(storageKeys.theme)
  return isTheme(value) ? value : defaultTheme
}

/**
 * The browser's bar colour (<meta name="theme-color">, the installed app's title bar) per theme: the app
 * bar's surface colour, `--theme-surface` in styles.css, so the bar and the app read as one band.
 */
export const themeBarColours: Record<Theme, string> = {
  dark: '#1b1e23',
  light: '#ffffff',
  sepia: '#f8f0dc',
}

/** The whole app reads its colours from CSS variables keyed on <html data-theme>. */
export function applyTheme(theme: Theme, root: HTMLElement = document.documentElement): void {
  root.dataset.theme = theme
  root.style.colorScheme = theme === 'dark' ? 'dark' : 'light'
  const doc = root.ownerDocument
  let meta = doc.querySelector<HTMLMetaElement>('meta[name="theme-color"]')
  if (!meta) {
    meta = doc.createElement('meta')
    meta.name = 'theme-color'
    doc.head.append(meta)
  }
  meta.content = themeBarColours[theme]
}

export function setTheme(theme: Theme): void {
  writeString(storageKeys.theme, theme)
  applyTheme(theme)
}
