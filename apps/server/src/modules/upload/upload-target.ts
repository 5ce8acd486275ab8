import fs from 'node:fs/promises'
import path from 'node:path'
import { sanitizeFilename } from '../../files/sanitize-filename.ts'
import { badRequest } from '../../http/errors.ts'

/** A path in a name ("../../config", "a/b"): refused, never quietly turned into another folder. */
const PATH_LIKE = /[\\/]|^\.\.?$|\.\.[\\/]|[\\/]\.\./

/** Where an upload goes inside a library folder: author / series / title, each a sanitised name. */
export function uploadRelPath(fields: { title?: string; author?: string; series?: string }): string {
  for (const [field, value] of Object.entries({
    title: fields.title,
    author: fields.author,
    series: fields.series,
  })) {
    if (value && PATH_LIKE.test(value.trim()))
      throw badRequest(`The ${field} cannot contain a path: ${value.trim()}`)
  }
  const title = sanitizeFilename(fields.title ?? '')
  if (!title) throw badRequest('Must have a title')
  return [fields.author, fields.series]
    .map((p) => sanitizeFilename(p ?? ''))
    .filter(Boolean)
    .concat(title)
    .join('/')
}

/**
 * The checks of spec §8 on the server: the target may not exist, may not lie inside an existing item,
 * and may not contain one ("Item {0} is using a subdirectory of the upload path").
 */
export async function checkUploadTarget(
  folderPath: string,
  relPath: string,
  itemRelPaths: readonly string[],
): Promise<string> {
  const target = path.join(folderPath, ...relPath.split('/'))
  if (await fs.stat(target).catch(() => null))
    throw badRequest(`Filepath ${relPath} already exists on server`)
  for (const item of itemRelPaths) {
    if (relPath.startsWith(`${item}/`) || item.startsWith(`${relPath}/`))
      throw badRequest(`Item ${item} is using a subdirectory of the upload path`)
  }
  return target
}
