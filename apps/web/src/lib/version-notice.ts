import { create } from 'zustand'

/** A newer release than the running server's, as the update check found it. */
export interface AvailableUpdate {
  version: string
  /** Its release page (the "Update" link). */
  url: string
}

/**
 * What the version label shows (spec §2): whether the changelog modal is open, and the newer release the
 * update check found. It lives here so the side rail and the phone's navigation draw the label without
 * loading the update check or the modal (both on-demand chunks).
 */
interface VersionNoticeState {
  changelogOpen: boolean
  update: AvailableUpdate | null
}

export const useVersionNotice = create<VersionNoticeState>()(() => ({ changelogOpen: false, update: null }))

export const openChangelogModal = (): void => useVersionNotice.setState({ changelogOpen: true })
export const closeChangelogModal = (): void => useVersionNotice.setState({ changelogOpen: false })
export const setAvailableUpdate = (update: AvailableUpdate | null): void =>
  useVersionNotice.setState({ update })
