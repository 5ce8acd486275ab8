import type { ReaderBodyProps } from '../reader-body.ts'

/** Placeholder while the pdf body is being written on its own branch; replaced there. */
export function PdfReader(_props: ReaderBodyProps) {
  return null
}
