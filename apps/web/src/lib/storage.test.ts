import { defaultLocalUserSettings } from '@shelfcast/contracts'
import { describe, expect, it, vi } from 'vitest'
import { loadLocalUserSettings, saveLocalUserSettings, storageKeys } from './storage.ts'

describe('local user settings', () => {
  it('are the defaults when nothing is stored', () => {
    expect(loadLocalUserSettings()).toEqual(defaultLocalUserSettings)
  })

  it('fall back to the defaults on corrupt JSON, and log it', () => {
    const log = vi.spyOn(console, 'error').mockImplementation(() => {})
    localStorage.setItem(storageKeys.userSettings, '{not json')
    expect(loadLocalUserSettings()).toEqual(defaultLocalUserSettings)
    expect(log).toHaveBeenCalled()
    log.mockRestore()
  })

  it('keep known keys of the right type and drop the rest', () => {
    localStorage.setItem(
      storageKeys.userSettings,
      JSON.stringify({ playbackRate: 1.5, orderDesc: 'yes', unknownKey: 1, jumpForwardAmount: 30 }),
    )
    const settings = loadLocalUserSettings()
    expect(settings.playbackRate).toBe(1.5)
    expect(settings.jumpForwardAmount).toBe(30)
    expect(settings.orderDesc).toBe(false)
    expect(settings).not.toHaveProperty('unknownKey')
  })

  it('save a patch over what is stored', () => {
    saveLocalUserSettings({ playbackRate: 2 })
    saveLocalUserSettings({ useChapterTrack: true })
    expect(loadLocalUserSettings()).toMatchObject({ playbackRate: 2, useChapterTrack: true })
  })
})
