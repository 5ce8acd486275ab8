import type { EbookType } from '../reader-body.ts'

/** Spec §4 "Ebook type": the reader for a format, or null when none reads it. */
export function ebookTypeOf(format: string): EbookType | null {
  switch (format.toLowerCase().replace(/^\./, '')) {
    case 'epub':
      return 'epub'
    case 'mobi':
    case 'azw3':
    case 'fb2':
      return 'mobi'
    case 'pdf':
      return 'pdf'
    case 'cbz':
    case 'cbr':
      return 'comic'
    default:
      return null
  }
}

export interface EbookFileLike {
  ino: string
  metadata: { ext: string; filename: string }
  ebookFormat?: string
}

/** Spec §4: format from ebookFormat, else the lower-case extension without its dot. */
export function ebookFormatOf(file: EbookFileLike): string {
  return (file.ebookFormat || file.metadata.ext).toLowerCase().replace(/^\./, '')
}

/**
 * Spec §4 "file-id selection": a file id selects that library file, else the item's ebook file. Null when the
 * id names no file of the item.
 */
export function selectEbookFile<F extends EbookFileLike>(
  ebookFile: F | null | undefined,
  libraryFiles: readonly F[],
  fileId: string | null,
): F | null {
  if (fileId === null) return ebookFile ?? null
  return libraryFiles.find((f) => f.ino === fileId) ?? null
}
