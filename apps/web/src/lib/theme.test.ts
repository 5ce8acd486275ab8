import { themes } from '@shelfcast/contracts'
import { afterEach, describe, expect, it } from 'vitest'
import { applyTheme, themeBarColours } from './theme.ts'

const themeColour = () => document.querySelectorAll<HTMLMetaElement>('meta[name="theme-color"]')

describe('applyTheme', () => {
  afterEach(() => themeColour().forEach((meta) => meta.remove()))

  it('sets data-theme, the colour scheme and the browser bar colour of each theme', () => {
    for (const theme of themes) {
      applyTheme(theme)
      expect(document.documentElement.dataset.theme).toBe(theme)
      expect(document.documentElement.style.colorScheme).toBe(theme === 'dark' ? 'dark' : 'light')
      expect(themeColour()).toHaveLength(1)
      expect(themeColour()[0]!.content).toBe(themeBarColours[theme])
    }
  })

  it("updates the page's own theme-color tag rather than adding a second one", () => {
    const meta = document.createElement('meta')
    meta.name = 'theme-color'
    meta.content = '#000000'
    document.head.append(meta)
    applyTheme('sepia')
    expect(themeColour()).toHaveLength(1)
    expect(meta.content).toBe('#f8f0dc')
    applyTheme('light')
    expect(meta.content).toBe('#ffffff')
  })

  it('gives every theme a distinct colour', () => {
    expect(new Set(Object.values(themeBarColours)).size).toBe(themes.length)
  })
})
