import { create } from 'zustand'

/** A new version of the app, installed by its service worker and waiting to take over. */
export interface PendingUpdate {
  /** Tells the waiting worker to take over, then reloads the page once it controls it. */
  apply: () => void
}

interface AppUpdateState {
  pending: PendingUpdate | null
  offer: (update: PendingUpdate) => void
  /** "Later": the banner goes; the worker keeps waiting and is offered again on the next visit. */
  dismiss: () => void
}

export const useAppUpdateStore = create<AppUpdateState>()((set) => ({
  pending: null,
  offer: (update) => set({ pending: update }),
  dismiss: () => set({ pending: null }),
}))
