import { create } from 'zustand'

/** What the reader opens: an item, and optionally one of its library files by inode (a supplementary ebook). */
export interface EreaderRequest {
  libraryItemId: string
  /** Inode of the library file to open; null opens the item's ebook file. */
  fileId: string | null
  /** Spec §3 `ereaderKeepProgress`: save and resume the reading position (off for a supplementary ebook). */
  keepProgress: boolean
}

/**
 * The globally mounted ebook reader (spec §3 global state: showEReader, ereaderKeepProgress, ereaderFileId).
 * It lives here, not in the reader feature, so the item page, cards and shelves that open a book need not
 * import the reader itself, which is fetched on the first open.
 */
interface EreaderState {
  request: EreaderRequest | null
}

export const useEreader = create<EreaderState>()(() => ({ request: null }))

/** Opens the reader on an item's ebook, or on one of its ebook files by inode. */
export function openEreader(libraryItemId: string, options: { fileId?: string | null } = {}): void {
  const fileId = options.fileId ?? null
  useEreader.setState({ request: { libraryItemId, fileId, keepProgress: fileId === null } })
}

export function closeEreader(): void {
  useEreader.setState({ request: null })
}
