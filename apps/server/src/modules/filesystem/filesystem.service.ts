import type { Dirent } from 'node:fs'
import fs from 'node:fs/promises'
import path from 'node:path'
import type { FilesystemResponse } from '@shelfcast/contracts'
import { badRequest, forbidden, notFound } from '../../http/errors.ts'

/** Top-level system folders nobody keeps a library in; left out of the root listing. */
const SYSTEM_ROOTS = new Set([
  'bin',
  'boot',
  'dev',
  'etc',
  'lib',
  'lib32',
  'lib64',
  'libx32',
  'lost+found',
  'proc',
  'run',
  'sbin',
  'sys',
  'usr',
  'var',
  'snap',
])
/** A folder with more subfolders than this is cut short (the answer stays small). */
export const MAX_DIRECTORIES = 2000

const byName = new Intl.Collator(undefined, { numeric: true, sensitivity: 'base' })

/**
 * Server folders for the admin's folder picker (GET /api/filesystem): directories only, never files,
 * hidden ones skipped, the path resolved and required to be absolute.
 */
export class FilesystemService {
  async directories(requested: string | undefined, level: number): Promise<FilesystemResponse> {
    const posix = path.sep === '/'
    if (requested === undefined || requested === '') {
      const dirs = await this.list(path.parse(process.cwd()).root, level)
      return { posix, directories: dirs.filter((d) => !SYSTEM_ROOTS.has(d.dirname)) }
    }
    if (requested.includes('\0') || !path.isAbsolute(requested)) throw badRequest('Path must be absolute')
    return { posix, directories: await this.list(path.resolve(requested), level) }
  }

  private async list(dir: string, level: number) {
    let entries: Dirent[]
    try {
      entries = await fs.readdir(dir, { withFileTypes: true })
    } catch (err) {
      const code = (err as NodeJS.ErrnoException).code
      if (code === 'EACCES' || code === 'EPERM') throw forbidden('Folder cannot be read')
      throw notFound('Folder not found')
    }
    const out: { path: string; dirname: string; level: number }[] = []
    for (const e of entries) {
      if (e.name.startsWith('.')) continue
      let isDir = e.isDirectory()
      if (!isDir && e.isSymbolicLink())
        isDir = await fs.stat(path.join(dir, e.name)).then(
          (st) => st.isDirectory(),
          () => false,
        )
      if (isDir) out.push({ path: path.join(dir, e.name), dirname: e.name, level })
    }
    return out.sort((a, b) => byName.compare(a.dirname, b.dirname)).slice(0, MAX_DIRECTORIES)
  }
}
