import type { FeedEntityType, FeedMinified } from '@shelfcast/contracts'
import { create } from 'zustand'

/** What the RSS feed modal is opened for: an item (book or podcast), a collection or a series. */
export interface RssFeedTarget {
  entityType: FeedEntityType
  entityId: string
  /** The entity's name, shown as the modal's subject. */
  title: string
  /** The entity's open feed (include=rssfeed), or null when none is open. */
  feed: FeedMinified | null
  /** Series caches are kept per library. */
  libraryId?: string
}

/**
 * The globally mounted RSS feed modal (spec §2). It lives here, not in the feature, so the item, collection
 * and series pages open it without loading the feature that draws it (an on-demand chunk).
 */
interface RssFeedModalState {
  target: RssFeedTarget | null
}

export const useRssFeedModal = create<RssFeedModalState>()(() => ({ target: null }))

export function openRssFeedModal(target: RssFeedTarget): void {
  useRssFeedModal.setState({ target })
}

export function closeRssFeedModal(): void {
  useRssFeedModal.setState({ target: null })
}
