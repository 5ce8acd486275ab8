/** The longest file name most file systems take, in bytes of UTF-8. */
export const MAX_FILENAME_BYTES = 255

const WINDOWS_RESERVED = /^(con|prn|aux|nul|com\d|lpt\d)(\..*)?$/i

/**
 * A name safe as one path segment on any common file system (spec §5): no separators or control
 * characters, none of < > : " | ? *, no reserved device names, no leading/trailing dots or spaces, at
 * most 255 bytes (cut on a character boundary, keeping the extension). Answers '' when nothing is left.
 */
export function sanitizeFilename(name: string, maxBytes = MAX_FILENAME_BYTES): string {
  let s = name
    .normalize('NFC')
    .replace(/[\t\n\r]+/g, ' ')
    // eslint-disable-next-line no-control-regex
    .replace(/[\u0000-\u001f\u007f<>:"/\\|?*]/g, '')
    .replace(/\s+/g, ' ')
    .trim()
    .replace(/^[.\s]+|[.\s]+$/g, '')
  if (WINDOWS_RESERVED.test(s)) s = ''
  if (Buffer.byteLength(s) <= maxBytes) return s
  const dot = s.lastIndexOf('.')
  const ext = dot > 0 && s.length - dot <= 10 ? s.slice(dot) : ''
  let stem = ext ? s.slice(0, dot) : s
  while (stem && Buffer.byteLength(stem + ext) > maxBytes) stem = [...stem].slice(0, -1).join('')
  return (stem.trimEnd() + ext).trim()
}
