/** File systems cap one name at 255 bytes (spec §9); counted in UTF-8, as the server counts. */
export const MAX_FOLDER_NAME_BYTES = 255

// Names Windows keeps for devices, with or without an extension (CON, nul.txt, COM1, LPT9.mp3).
const RESERVED_NAME = /^(?:con|prn|aux|nul|com[0-9]|lpt[0-9])(?:\..*)?$/i
// Path separators, the characters Windows refuses, and control characters.
// eslint-disable-next-line no-control-regex
const ILLEGAL_CHARACTERS = /[<>:"/\\|?*\u0000-\u001f\u007f]/g

const utf8 = new TextEncoder()
const byteLength = (text: string) => utf8.encode(text).length

/**
 * The spec's filename rule (§9), as the server applies it to a new podcast's folder: illegal characters
 * and reserved device names go, whitespace collapses, dots and spaces are trimmed from both ends, and the
 * name is cut to 255 bytes on a character boundary. The preview shows what the server will create;
 * '' means nothing usable is left.
 */
export function sanitizeFolderName(name: string, maxBytes = MAX_FOLDER_NAME_BYTES): string {
  const cleaned = name
    .normalize('NFC')
    .replace(/[\r\n\t]+/g, ' ')
    .replace(ILLEGAL_CHARACTERS, '')
    .replace(/\s+/g, ' ')
    .replace(/^[\s.]+/, '')
    .replace(/[\s.]+$/, '')
  if (RESERVED_NAME.test(cleaned)) return ''
  if (byteLength(cleaned) <= maxBytes) return cleaned
  return cutToBytes(cleaned, maxBytes).replace(/[\s.]+$/, '')
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
