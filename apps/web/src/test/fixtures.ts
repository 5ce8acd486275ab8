import type { Library, LoginResponse, User, UserType } from '@shelfcast/contracts'
import { defaultPermissions, defaultServerSettings } from '@shelfcast/contracts/client'

export function userFixture(type: UserType = 'root', overrides: Partial<User> = {}): User {
  return {
    id: `user-${type}`,
    username: type === 'root' ? 'root' : `a-${type}`,
    email: null,
    type,
    isActive: true,
    isLocked: false,
    lastSeen: null,
    createdAt: 0,
    permissions: defaultPermissions(type),
    librariesAccessible: [],
    itemTagsSelected: [],
    mediaProgress: [],
    bookmarks: [],
    seriesHideFromContinueListening: [],
    hasOpenIDLink: false,
    accessToken: 'access-1',
    ...overrides,
  }
}

export function loginResponseFixture(user: User = userFixture()): LoginResponse {
  return {
    user,
    userDefaultLibraryId: null,
    serverSettings: defaultServerSettings('0.1.0'),
    ereaderDevices: [],
    Source: 'local',
  }
}

export function libraryFixture(
  id: string,
  mediaType: 'book' | 'podcast' = 'book',
  displayOrder = 1,
): Library {
  return {
    id,
    name: `Library ${id}`,
    folders: [{ id: `${id}-f`, fullPath: `/media/${id}`, libraryId: id, addedAt: 0 }],
    displayOrder,
    icon: mediaType === 'book' ? 'audiobookshelf' : 'podcast',
    mediaType,
    provider: 'google',
    settings: {
      coverAspectRatio: 0,
      disableWatcher: false,
      skipMatchingMediaWithAsin: false,
      skipMatchingMediaWithIsbn: false,
      autoScanCronExpression: null,
      audiobooksOnly: false,
      epubsAllowScriptedContent: false,
      hideSingleBookSeries: false,
      onlyShowLaterBooksInContinueSeries: false,
      metadataPrecedence: [],
      podcastSearchRegion: 'us',
      markAsFinishedPercentComplete: null,
      markAsFinishedTimeRemaining: 10,
    },
    lastScan: null,
    lastScanVersion: null,
    createdAt: 0,
    lastUpdate: 0,
  }
}
