/** Content-Type checks and magic-byte sniffing for fetched bodies. */

/** The media type of a Content-Type header without parameters, lower case ("image/jpeg"); null when absent. */
export function mediaTypeOf(header: string | undefined): string | null {
  const essence = header?.split(';')[0]?.trim().toLowerCase()
  if (!essence) return null
  return essence === 'image/jpg' ? 'image/jpeg' : essence
}

/** The charset parameter of a Content-Type header, if any. */
export function charsetOf(header: string | undefined): string | null {
  const match = /;\s*charset\s*=\s*"?([^";\s]+)"?/i.exec(header ?? '')
  return match?.[1] ?? null
}

/** True when `mediaType` is one of `accepted`; an entry like "image/*" accepts the whole top-level type. */
export function isAcceptedType(mediaType: string | null, accepted: readonly string[]): boolean {
  if (mediaType === null) return false
  return accepted.some((entry) => {
    const want = entry.toLowerCase()
    return want.endsWith('/*') ? mediaType.startsWith(want.slice(0, -1)) : mediaType === want
  })
}

export const imageTypes = ['image/jpeg', 'image/png', 'image/webp', 'image/gif'] as const
export type ImageType = (typeof imageTypes)[number]

const startsWith = (bytes: Uint8Array, offset: number, signature: readonly number[]) =>
  bytes.length >= offset + signature.length && signature.every((b, i) => bytes[offset + i] === b)

const ascii = (text: string) => [...text].map((c) => c.charCodeAt(0))

/** What the first bytes say the image is, whatever the server claimed; null when not one we accept. */
export function sniffImageType(bytes: Uint8Array): ImageType | null {
  if (startsWith(bytes, 0, [0xff, 0xd8, 0xff])) return 'image/jpeg'
  if (startsWith(bytes, 0, [0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a])) return 'image/png'
  if (startsWith(bytes, 0, ascii('GIF87a')) || startsWith(bytes, 0, ascii('GIF89a'))) return 'image/gif'
  if (startsWith(bytes, 0, ascii('RIFF')) && startsWith(bytes, 8, ascii('WEBP'))) return 'image/webp'
  return null
}

/** Decodes a body by its declared charset; an unknown label falls back to UTF-8. A BOM is dropped. */
export function decodeText(body: Uint8Array, contentType: string | undefined): string {
  const charset = charsetOf(contentType) ?? 'utf-8'
  let decoder: TextDecoder
  try {
    decoder = new TextDecoder(charset)
  } catch {
    decoder = new TextDecoder('utf-8')
  }
  return decoder.decode(body)
}
