import { createPortal } from 'react-dom'
import { useEreader } from '@/lib/ereader.ts'
import { ReaderOverlay } from './ReaderOverlay.tsx'

/** The globally mounted ebook reader: a full-screen overlay over the app while a book is open (spec §2). */
export function EbookReader() {
  const request = useEreader((s) => s.request)
  if (!request) return null
  return createPortal(
    <ReaderOverlay key={`${request.libraryItemId}:${request.fileId ?? ''}`} request={request} />,
    document.body,
  )
}
