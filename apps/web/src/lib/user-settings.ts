import type { LocalUserSettings } from '@shelfcast/contracts'
import { create } from 'zustand'
import { loadLocalUserSettings, saveLocalUserSettings } from './storage.ts'

interface UserSettingsState {
  /** Spec §3 user settings, kept in localStorage on this device. */
  settings: LocalUserSettings
  /** Merges and stores a change; a patch equal to what is stored changes nothing. */
  update: (patch: Partial<LocalUserSettings>) => void
}

export const useUserSettings = create<UserSettingsState>()((set, get) => ({
  settings: loadLocalUserSettings(),
  update: (patch) => {
    const current = get().settings
    const changed = (Object.keys(patch) as (keyof LocalUserSettings)[]).some(
      (key) => patch[key] !== current[key],
    )
    if (!changed) return
    set({ settings: saveLocalUserSettings(patch) })
  },
}))
