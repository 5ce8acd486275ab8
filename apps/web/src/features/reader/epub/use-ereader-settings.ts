import { useCallback, useState } from 'react'
import { loadEreaderSettings, saveEreaderSettings, type EreaderSettings } from './ereader-settings.ts'

/** The reader's settings: loaded from storage on mount, saved on every change (spec §4). */
export function useEreaderSettings() {
  const [settings, setSettings] = useState<EreaderSettings>(() => loadEreaderSettings())
  const update = useCallback((change: Partial<EreaderSettings>) => {
    setSettings((current) => {
      const next = { ...current, ...change }
      saveEreaderSettings(next)
      return next
    })
  }, [])
  return { settings, update }
}
