import { describe, expect, it } from 'vitest'
import {
  DEFAULT_EREADER_SETTINGS,
  EREADER_SETTINGS_KEY,
  loadEreaderSettings,
  parseEreaderSettings,
  saveEreaderSettings,
} from './ereader-settings.ts'

describe('ereader settings', () => {
  it('defaults: dark, serif, 100 %, 115 %, auto spread, pages, no stroke', () => {
    expect(parseEreaderSettings(null)).toEqual({
      theme: 'dark',
      font: 'serif',
      fontScale: 100,
      lineSpacing: 115,
      fontBoldness: 100,
      spread: 'auto',
      flow: 'paginated',
      textStroke: 0,
    })
  })

  it('keeps good stored values and drops unknown keys', () => {
    const stored = JSON.stringify({
      theme: 'sepia',
      font: 'sans-serif',
      fontScale: 150,
      lineSpacing: 200,
      spread: 'none',
      flow: 'scrolled',
      textStroke: 30,
      injected: '<script>',
    })
    const settings = parseEreaderSettings(stored)
    expect(settings).toEqual({
      theme: 'sepia',
      font: 'sans-serif',
      fontScale: 150,
      lineSpacing: 200,
      fontBoldness: 100,
      spread: 'none',
      flow: 'scrolled',
      textStroke: 30,
    })
    expect(settings).not.toHaveProperty('injected')
  })

  it('replaces each bad value by its default', () => {
    const stored = JSON.stringify({
      theme: 'neon',
      font: 7,
      fontScale: 301,
      lineSpacing: 99,
      spread: 'both',
      flow: 'sideways',
      textStroke: Number.NaN,
      fontBoldness: 'bold',
    })
    expect(parseEreaderSettings(stored)).toEqual(DEFAULT_EREADER_SETTINGS)
    expect(parseEreaderSettings(JSON.stringify({ fontScale: 5, textStroke: 300 }))).toMatchObject({
      fontScale: 5,
      textStroke: 300,
    })
  })

  it('survives damaged JSON, arrays and blocked storage', () => {
    expect(parseEreaderSettings('{not json')).toEqual(DEFAULT_EREADER_SETTINGS)
    expect(parseEreaderSettings('[1,2]')).toEqual(DEFAULT_EREADER_SETTINGS)
    expect(parseEreaderSettings('"dark"')).toEqual(DEFAULT_EREADER_SETTINGS)
    const blocked = {
      getItem: () => {
        throw new Error('SecurityError')
      },
    }
    expect(loadEreaderSettings(blocked)).toEqual(DEFAULT_EREADER_SETTINGS)
  })

  it('saves under ereaderSettings and loads back', () => {
    const map = new Map<string, string>()
    const storage = {
      getItem: (k: string) => map.get(k) ?? null,
      setItem: (k: string, v: string) => map.set(k, v),
    }
    saveEreaderSettings({ ...DEFAULT_EREADER_SETTINGS, fontScale: 135, theme: 'light' }, storage)
    expect([...map.keys()]).toEqual([EREADER_SETTINGS_KEY])
    expect(loadEreaderSettings(storage)).toMatchObject({ fontScale: 135, theme: 'light' })
  })
})
