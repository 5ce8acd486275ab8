import { cleanup, configure } from '@testing-library/react'
import { afterEach, beforeAll } from 'vitest'
import { loadRadix } from '@/components/ui/radix-on-demand.ts'
import { useCurrentLibraryStore } from '@/features/libraries/index.ts'
import { useTaskStore, useToolEventsStore } from '@/features/tasks/index.ts'
import { i18n } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import { useToastStore } from '@/lib/toast-store.ts'

// findBy/waitFor wait for a state; on a busy machine the first render of the app alone can take over a second
// (Testing Library's default), so the ceiling is generous. A wait that succeeds returns as soon as it can.
configure({ asyncUtilTimeout: 10_000 })

// Radix widgets (select, menus) use pointer capture and scrollIntoView, which jsdom does not implement.
if (!Element.prototype.hasPointerCapture) {
  Element.prototype.hasPointerCapture = () => false
  Element.prototype.releasePointerCapture = () => {}
}
if (!Element.prototype.scrollIntoView) Element.prototype.scrollIntoView = () => {}

// Widgets render their Radix form once its chunk has arrived (radix-on-demand.ts), which in the app happens
// right after the first paint; tests start from there. radix-on-demand.test.tsx covers the time before.
beforeAll(async () => {
  await loadRadix()
})

afterEach(async () => {
  cleanup()
  localStorage.clear()
  useSessionStore.setState(
    { ...useSessionStore.getInitialState(), status: 'ready', user: null, accessToken: null },
    true,
  )
  useToastStore.getState().clear()
  useCurrentLibraryStore.setState(useCurrentLibraryStore.getInitialState(), true)
  useUserSettings.setState(useUserSettings.getInitialState(), true)
  useTaskStore.getState().reset()
  useToolEventsStore.getState().reset()
  if (i18n.language !== 'en-us') await i18n.changeLanguage('en-us')
})
