import path from 'node:path'
import type { Book, Chapter } from '@shelfcast/contracts'
import { MAX_FILENAME_BYTES, sanitizeFilename } from '@shelfcast/contracts'

/** The folder beside the book's that the MP3s go to: "<Title> (MP3)", §5-sanitised. */
export function splitFolderName(title: string | null): string {
  const stem = sanitizeFilename(title ?? '', MAX_FILENAME_BYTES - ' (MP3)'.length)
  return `${stem || 'Audiobook'} (MP3)`
}

/** "NN - Chapter title.mp3", numbered to the width of the count, sanitised as one name (§5). */
export function chapterFileName(chapter: Chapter, index: number, count: number): string {
  const width = Math.max(2, String(count).length)
  const number = String(index + 1).padStart(width, '0')
  const room = MAX_FILENAME_BYTES - `${number} - .mp3`.length
  const title = sanitizeFilename(chapter.title, room) || `Chapter ${index + 1}`
  return `${number} - ${title}.mp3`
}

/** ffmpeg arguments that cut one chapter out of the book into a tagged MP3 (with the cover when there is one). */
export function chapterArguments(opts: {
  input: string
  cover: string | null
  chapter: Chapter
  index: number
  count: number
  book: Book
  bitrate: string
  output: string
}): string[] {
  const { chapter, book } = opts
  const authors = book.metadata.authors.map((a) => a.name).join(', ')
  const args = [
    '-y',
    '-ss',
    chapter.start.toFixed(3),
    '-to',
    chapter.end.toFixed(3),
    '-i',
    `file:${opts.input}`,
  ]
  if (opts.cover) args.push('-i', `file:${opts.cover}`)
  args.push('-map', '0:a:0')
  if (opts.cover) args.push('-map', '1:v:0', '-c:v', 'mjpeg', '-disposition:v:0', 'attached_pic')
  args.push('-map_metadata', '-1', '-map_chapters', '-1', '-c:a', 'libmp3lame', '-b:a', opts.bitrate)
  const tags: [string, string | null][] = [
    ['title', chapter.title.trim() || `Chapter ${opts.index + 1}`],
    ['album', book.metadata.title],
    ['artist', authors || null],
    ['album_artist', authors || null],
    ['composer', book.metadata.narrators.join(', ') || null],
    ['track', `${opts.index + 1}/${opts.count}`],
    ['date', book.metadata.publishedYear],
    ['genre', book.metadata.genres.join('; ') || null],
  ]
  for (const [key, value] of tags) {
    const text = value?.replace(/\0/g, '').trim().slice(0, 1000)
    if (text) args.push('-metadata', `${key}=${text}`)
  }
  args.push('-id3v2_version', '3', '-f', 'mp3', `file:${opts.output}`)
  return args
}

/** Where the new folder goes: beside the item's folder. */
export function splitTarget(itemFolder: string, title: string | null): string {
  return path.join(path.dirname(itemFolder), splitFolderName(title))
}
