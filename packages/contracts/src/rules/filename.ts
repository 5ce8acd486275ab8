import { limits } from '../limits.ts'

/** The longest file name most file systems take, in bytes of UTF-8 (spec §9). */
export const MAX_FILENAME_BYTES = limits.filenameMaxBytes

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i
// Path separators, the characters Windows refuses, and control characters.
// eslint-disable-next-line no-control-regex
const ILLEGAL_CHARACTERS = /[\u0000-\u001f\u007f<>:"/\\|?*]/g
/** An extension kept whole when a long name is cut: a dot and at most 9 more characters. */
const MAX_EXTENSION_LENGTH = 10

const utf8 = new TextEncoder()
const byteLength = (text: string) => utf8.encode(text).length

/**
 * The spec's filename rule (§5, §9): a name safe as one path segment on any common file system. No
 * separators or control characters, none of < > : " | ? *, no reserved device names (CON, nul.txt, COM1),
 * whitespace collapsed, no dots or spaces at either end, at most 255 bytes (cut on a character boundary,
 * keeping a short extension). Answers '' when nothing is left. The server names files and folders with it;
 * the client previews with it what the server will create.
 */
export function sanitizeFilename(name: string, maxBytes: number = MAX_FILENAME_BYTES): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\t\n\r]+/g, ' ')
    .replace(ILLEGAL_CHARACTERS, '')
    .replace(/\s+/g, ' ')
    .replace(/^[.\s]+|[.\s]+$/g, '')
  if (WINDOWS_RESERVED.test(cleaned)) return ''
  if (byteLength(cleaned) <= maxBytes) return cleaned
  const dot = cleaned.lastIndexOf('.')
  const ext = dot > 0 && cleaned.length - dot <= MAX_EXTENSION_LENGTH ? cleaned.slice(dot) : ''
  const stem = ext ? cleaned.slice(0, dot) : cleaned
  const cut = cutToBytes(stem, maxBytes - byteLength(ext)).replace(/[.\s]+$/, '')
  return ext ? cut + ext : cut
}

/** The longest prefix of whole characters (code points) that fits in `maxBytes`. */
function cutToBytes(text: string, maxBytes: number): string {
  let used = 0
  let end = 0
  for (const char of text) {
    const size = byteLength(char)
    if (used + size > maxBytes) break
    used += size
    end += char.length
  }
  return text.slice(0, end)
}
