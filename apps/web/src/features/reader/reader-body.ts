import type { Ref } from 'react'

/**
 * The contract between the reader overlay (components/EbookReader.tsx: top bar, hotkeys, swipe, progress) and
 * the body that draws one kind of book (epub/, pdf/, comic/). The overlay knows nothing of a format; a body
 * knows nothing of progress storage or the app's chrome.
 */

/** Spec §4: epub for epub; mobi for mobi, azw3 (and fb2, which foliate-js reads too); pdf; comic for cbz, cbr. */
export type EbookType = 'epub' | 'mobi' | 'pdf' | 'comic'

/** Page turns the overlay's hotkeys, swipes and buttons ask of the body. */
export interface ReaderNavigation {
  next(): void
  prev(): void
}

export interface ReaderBodyProps {
  libraryItemId: string
  /** Inode of the file shown (the item's ebook file or a supplementary one). */
  fileIno: string
  /** Lower-case format: epub, mobi, azw3, fb2, pdf, cbz, cbr. */
  format: string
  /** The book's bytes from GET /api/items/:id/ebook[/:fileid] with the user's token; aborts on close. */
  fetchBook(signal: AbortSignal): Promise<ArrayBuffer>
  /**
   * Path of the book's bytes under the server (GET /api/items/:id/ebook/:fileid), for a body that reads byte
   * ranges itself (pdf.js); send `authHeaders()` with it.
   */
  bookPath: string
  authHeaders(): Record<string, string>
  /**
   * Renews the session's access token after a request made with `authHeaders()` got a 401 (a PDF read by
   * ranges for longer than a token lives). Optional: without it the body falls back to `fetchBook`.
   */
  refreshAuth?(): Promise<unknown>
  /** Where to start: the saved `ebookLocation` (an EPUB CFI, or a 1-based page number for PDF and comics). */
  initialLocation: string | null
  /**
   * Each settled position: the location to save, the fraction read (0–1) and, when the body knows it, whether
   * this is the book's last page (a fraction of 0.995 or more counts as the end too).
   */
  onRelocate(location: string, progress: number, atEnd?: boolean): void
  /** A clear message when the book cannot be shown (damaged, encrypted, empty); the body shows it too. */
  onError?(message: string): void
  /** Filled by the body with its page turns. */
  navigationRef: Ref<ReaderNavigation | null>
  /** EPUB and MOBI only: the table of contents panel and the settings modal, opened from the top bar. */
  tocOpen: boolean
  onTocOpenChange(open: boolean): void
  settingsOpen: boolean
  onSettingsOpenChange(open: boolean): void
  /** EPUB and MOBI: the reading theme chosen in the settings, so the overlay's bar matches the page. */
  onThemeChange?(theme: 'dark' | 'sepia' | 'light'): void
  /** Whether the library lets EPUB scripts run (library setting epubsAllowScriptedContent). */
  allowScriptedContent: boolean
}
