/** A file chosen for upload with its path relative to what was dropped ("Author/Book/01.mp3" or "01.mp3"). */
export interface ChosenFile {
  relativePath: string
  file: File
}

/** One book to upload: where it goes (author / series / title) and its files. */
export interface UploadGroup {
  id: string
  title: string
  author: string
  series: string
  files: File[]
}

const MEDIA =
  /\.(mp3|m4b|m4a|aac|flac|ogg|oga|opus|wav|wma|webm|webma|mka|awb|caf|mp4|epub|pdf|mobi|azw3|cbr|cbz)$/i
const DISC_FOLDER = /^(cd|dis[ck])\s*\d+$/i
const stripExt = (name: string) => name.replace(/\.[^.]+$/, '')

/**
 * Groups dropped files into books the way the scanner will read them: the folder that holds the media
 * is the book (a CD1/Disc 2 folder belongs to its parent); the folders above it give series and author
 * ("Author/Series/Title", "Author/Title"). Loose files dropped together are one book named after the
 * first media file. Files that are not media (covers, metadata) go with their book.
 */
export function groupUploads(chosen: readonly ChosenFile[]): UploadGroup[] {
  const byDir = new Map<string, File[]>()
  for (const c of chosen) {
    const parts = c.relativePath.split('/').filter(Boolean)
    parts.pop()
    while (parts.length && DISC_FOLDER.test(parts[parts.length - 1] ?? '')) parts.pop()
    const dir = parts.join('/')
    byDir.set(dir, [...(byDir.get(dir) ?? []), c.file])
  }
  const groups: UploadGroup[] = []
  for (const [dir, unsorted] of byDir) {
    const files = [...unsorted].sort((a, b) => a.name.localeCompare(b.name, undefined, { numeric: true }))
    if (!files.some((f) => MEDIA.test(f.name))) continue
    const parts = dir ? dir.split('/') : []
    const firstMedia = files.find((f) => MEDIA.test(f.name))
    const title = parts.at(-1) ?? stripExt(firstMedia?.name ?? '')
    groups.push({
      id: dir || `files:${title}`,
      title,
      author: parts.length >= 2 ? (parts.at(-parts.length) ?? '') : '',
      series: parts.length >= 3 ? (parts.at(-2) ?? '') : '',
      files,
    })
  }
  return groups.sort((a, b) => a.id.localeCompare(b.id))
}

/** Files of a drop, folders walked (DataTransferItem entries), with their relative paths. */
export async function filesFromDrop(items: DataTransferItemList): Promise<ChosenFile[]> {
  const entries = [...items].map((i) => i.webkitGetAsEntry()).filter((e): e is FileSystemEntry => e !== null)
  const out: ChosenFile[] = []
  const walk = async (entry: FileSystemEntry, prefix: string): Promise<void> => {
    if (entry.isFile) {
      const file = await new Promise<File>((resolve, reject) =>
        (entry as FileSystemFileEntry).file(resolve, reject),
      )
      out.push({ relativePath: `${prefix}${file.name}`, file })
      return
    }
    const reader = (entry as FileSystemDirectoryEntry).createReader()
    // readEntries answers in batches until it answers none.
    for (;;) {
      const batch = await new Promise<FileSystemEntry[]>((resolve, reject) =>
        reader.readEntries(resolve, reject),
      )
      if (batch.length === 0) break
      for (const child of batch) await walk(child, `${prefix}${entry.name}/`)
    }
  }
  for (const entry of entries) await walk(entry, '')
  return out
}
