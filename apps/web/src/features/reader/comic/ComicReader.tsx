import type { ReaderBodyProps } from '../reader-body.ts'

/** Placeholder while the comic body is being written on its own branch; replaced there. */
export function ComicReader(_props: ReaderBodyProps) {
  return null
}
