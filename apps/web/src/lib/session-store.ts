import type { EreaderDevice, LoginResponse, ServerSettings, User } from '@shelfcast/contracts'
import { create } from 'zustand'
import { readString, storageKeys, writeString } from './storage.ts'

/**
 * Who is signed in. The access token is kept in memory and in localStorage ('token'), as ABS web does,
 * so a reload can restore the session with POST /api/authorize; the refresh token is an httpOnly cookie.
 */
export interface SessionState {
  /** 'restoring' while a stored token is being checked at boot; guards wait for 'ready'. */
  status: 'restoring' | 'ready'
  user: User | null
  accessToken: string | null
  serverSettings: ServerSettings | null
  userDefaultLibraryId: string | null
  /** The ereader devices the user may send to (login payload, then `ereader-devices-updated`). */
  ereaderDevices: EreaderDevice[]
  /** The user logged out on purpose: the guard then goes to plain /login, not back to the last page. */
  loggedOut: boolean
  setSession: (session: LoginResponse) => void
  setUser: (user: User) => void
  setServerSettings: (settings: ServerSettings) => void
  setEreaderDevices: (devices: EreaderDevice[]) => void
  clearSession: (reason?: 'expired' | 'logout') => void
  markReady: () => void
}

/**
 * OpenID sign-in comes back to `?setToken=…&accessToken=…` (the access token; the refresh token is in its
 * cookie), on whatever page it was started from: the token is stored before boot restores the session with it,
 * and leaves the address bar (history, Referer) at once. Exported for its test; runs once at load.
 */
export function takeOpenIDToken(): void {
  if (typeof window === 'undefined') return
  const url = new URL(window.location.href)
  const token = (url.searchParams.get('accessToken') || url.searchParams.get('setToken') || '').trim()
  if (!token) return
  writeString(storageKeys.token, token)
  url.searchParams.delete('setToken')
  url.searchParams.delete('accessToken')
  window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash)
}
takeOpenIDToken()

export const useSessionStore = create<SessionState>()((set) => ({
  status: readString(storageKeys.token) ? 'restoring' : 'ready',
  user: null,
  accessToken: readString(storageKeys.token),
  serverSettings: null,
  userDefaultLibraryId: null,
  ereaderDevices: [],
  loggedOut: false,
  setSession: (session) =>
    set((state) => {
      // Audiobookshelf's POST /api/authorize answers without user.accessToken: the token just checked stays
      // ours. A held token is never replaced by nothing (the next calls would go out bare and draw 401s).
      const accessToken = session.user.accessToken ?? state.accessToken
      writeString(storageKeys.token, accessToken)
      return {
        user: { ...session.user, accessToken: accessToken ?? undefined },
        accessToken,
        serverSettings: session.serverSettings,
        userDefaultLibraryId: session.userDefaultLibraryId,
        ereaderDevices: session.ereaderDevices ?? [],
        loggedOut: false,
        status: 'ready',
      }
    }),
  setUser: (user) => set((state) => ({ user: { ...user, accessToken: state.accessToken ?? undefined } })),
  setServerSettings: (serverSettings) => set({ serverSettings }),
  setEreaderDevices: (ereaderDevices) => set({ ereaderDevices }),
  clearSession: (reason = 'expired') => {
    writeString(storageKeys.token, null)
    set({
      user: null,
      accessToken: null,
      userDefaultLibraryId: null,
      ereaderDevices: [],
      status: 'ready',
      loggedOut: reason === 'logout',
    })
  },
  markReady: () => set({ status: 'ready' }),
}))

export const getAccessToken = (): string | null => useSessionStore.getState().accessToken
