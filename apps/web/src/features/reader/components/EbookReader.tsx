import { useEreader } from '@/lib/ereader.ts'

/** Placeholder for the reader overlay (top bar, hotkeys, swipe, progress); written on its own branch. */
export function EbookReader() {
  const request = useEreader((s) => s.request)
  if (!request) return null
  return null
}
