import { cleanup } from '@testing-library/react'
import { afterEach } from 'vitest'
import { useCurrentLibraryStore } from '@/features/libraries/index.ts'
import { useTaskStore } from '@/features/tasks/index.ts'
import { i18n } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useUserSettings } from '@/lib/user-settings.ts'
import { useToastStore } from '@/lib/toast-store.ts'

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
  if (i18n.language !== 'en-us') await i18n.changeLanguage('en-us')
})
