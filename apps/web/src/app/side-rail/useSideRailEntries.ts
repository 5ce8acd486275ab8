import type { Library } from '@shelfcast/contracts'
import { isAdminOrUp } from '@shelfcast/contracts/client'
import { useLibraryDetail } from '../../features/libraries/index.ts'
import { useSessionStore } from '../../lib/session-store.ts'
import { sideRailEntries, type SideRailEntry } from './side-rail-entries.ts'

/** The side-rail entries of `library` for the signed-in user (shared by the rail and the bottom navigation). */
export function useSideRailEntries(library: Library): SideRailEntry[] {
  const userType = useSessionStore((s) => s.user?.type)
  const detail = useLibraryDetail(library.id)
  return sideRailEntries({
    libraryId: library.id,
    mediaType: library.mediaType,
    isAdmin: userType ? isAdminOrUp(userType) : false,
    numUserPlaylists: detail.data?.numUserPlaylists ?? 0,
    numIssues: detail.data?.issues ?? 0,
  })
}
