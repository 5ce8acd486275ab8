import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'

/**
 * Whether a folder takes new files. A real create-and-remove, because root passes every permission check
 * (access(W_OK)) and only a read-only mount or a full disk refuses it.
 */
export async function folderWritable(dir: string): Promise<boolean> {
  const probe = path.join(dir, `.shelfcast-write-check-${crypto.randomBytes(6).toString('hex')}`)
  try {
    await fs.writeFile(probe, '', { flag: 'wx' })
    await fs.rm(probe, { force: true })
    return true
  } catch {
    return false
  }
}

/** Bytes free for unprivileged writers on the file system holding `dir`. */
export async function freeBytes(dir: string): Promise<number> {
  const s = await fs.statfs(dir)
  return s.bavail * s.bsize
}

/** The device of a path, to tell whether a rename can cross from one folder to another. */
export async function deviceOf(p: string): Promise<number> {
  return (await fs.stat(p)).dev
}

/**
 * Puts `from` at `to` without a half-written `to` ever being visible under its name: a rename on one file system,
 * else a copy to a hidden sibling of `to` that is renamed when complete (and removed when the copy fails).
 * `from` is removed once `to` is whole.
 */
export async function moveFileWhole(from: string, to: string): Promise<void> {
  try {
    await fs.rename(from, to)
    return
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err
  }
  const partial = path.join(
    path.dirname(to),
    `.${path.basename(to)}.partial-${crypto.randomBytes(4).toString('hex')}`,
  )
  try {
    await fs.copyFile(from, partial, fs.constants.COPYFILE_EXCL)
    await fs.rename(partial, to)
  } catch (err) {
    await fs.rm(partial, { force: true })
    throw err
  }
  await fs.rm(from, { force: true })
}

/** Moves a whole folder into place (rename, or a copy into a hidden sibling renamed when complete). */
export async function moveFolderWhole(from: string, to: string): Promise<void> {
  try {
    await fs.rename(from, to)
    return
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err
  }
  const partial = path.join(
    path.dirname(to),
    `.${path.basename(to)}.partial-${crypto.randomBytes(4).toString('hex')}`,
  )
  try {
    await fs.cp(from, partial, { recursive: true, errorOnExist: true, force: false })
    await fs.rename(partial, to)
  } catch (err) {
    await fs.rm(partial, { recursive: true, force: true })
    throw err
  }
  await fs.rm(from, { recursive: true, force: true })
}

/** Size and mtime of a file now, to notice a file changed while a tool ran. */
export async function fileStamp(p: string): Promise<{ size: number; mtimeMs: number } | null> {
  try {
    const s = await fs.stat(p)
    return { size: s.size, mtimeMs: s.mtimeMs }
  } catch {
    return null
  }
}
