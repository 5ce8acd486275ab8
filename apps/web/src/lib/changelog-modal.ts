import { create } from 'zustand'

/**
 * Whether the changelog modal (spec §2, opened by the version label) is open. It lives here so the side rail
 * and the phone's navigation open it without loading the modal's code (an on-demand chunk).
 */
export const useChangelogModal = create<{ open: boolean }>()(() => ({ open: false }))

export const openChangelogModal = (): void => useChangelogModal.setState({ open: true })
export const closeChangelogModal = (): void => useChangelogModal.setState({ open: false })
