import { badRequest } from '../../http/errors.ts'

const BASE64 = /^[A-Za-z0-9+/]*={0,2}$/
const BASE64URL = /^[A-Za-z0-9_-]*={0,2}$/

/**
 * A name from a path (base64 of its UTF-8 bytes, standard or URL-safe alphabet, padding optional). Anything
 * that is not exactly that (wrong characters, bytes that are not UTF-8, an empty name) is a 400.
 */
export function nameFromBase64(encoded: string): string {
  if (!(BASE64.test(encoded) || BASE64URL.test(encoded)) || encoded.length % 4 === 1)
    throw badRequest('Invalid base64 name')
  const bytes = Buffer.from(encoded.replace(/-/g, '+').replace(/_/g, '/'), 'base64')
  let name: string
  try {
    name = new TextDecoder('utf-8', { fatal: true }).decode(bytes)
  } catch {
    throw badRequest('Invalid base64 name')
  }
  if (!name) throw badRequest('Invalid base64 name')
  return name
}
