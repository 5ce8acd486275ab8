import type { ReaderBodyProps } from '../reader-body.ts'

/** Placeholder while the epub body is being written on its own branch; replaced there. */
export function EpubReader(_props: ReaderBodyProps) {
  return null
}
