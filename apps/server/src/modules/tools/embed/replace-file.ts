import fs from 'node:fs/promises'
import path from 'node:path'

/** Copies `from` to `to` through a hidden sibling of `to`, flushed to disk, then renamed into place. */
export async function copyDurably(from: string, to: string): Promise<void> {
  const temp = path.join(path.dirname(to), `.${path.basename(to)}.${process.pid}.${Date.now()}.tmp`)
  try {
    await fs.copyFile(from, temp)
    const handle = await fs.open(temp, 'r')
    try {
      await handle.sync()
    } finally {
      await handle.close()
    }
    await fs.rename(temp, to)
  } catch (err) {
    await fs.rm(temp, { force: true })
    throw err
  }
}

/**
 * Replaces `target` with `source` atomically: a rename when both are on one filesystem, else a durable copy beside
 * the target renamed over it. The target's mode (and owner, when we may set it) carries over, so a library file
 * keeps the permissions its owner gave it. `source` is gone afterwards.
 */
export async function replaceAtomically(source: string, target: string): Promise<void> {
  const before = await fs.stat(target)
  await fs.chmod(source, before.mode & 0o7777)
  await fs.chown(source, before.uid, before.gid).catch(() => undefined)
  try {
    await fs.rename(source, target)
  } catch (err) {
    if ((err as NodeJS.ErrnoException).code !== 'EXDEV') throw err
    await copyDurably(source, target)
    await fs.rm(source, { force: true })
  }
}

/**
 * Whether the tool may write this file: the process may write it and its folder (a rename needs the folder), and
 * the file is not marked read-only (no write bit at all: honoured even when the server runs as root).
 */
export async function isWritable(file: string): Promise<boolean> {
  try {
    const st = await fs.stat(file)
    if ((st.mode & 0o222) === 0) return false
    const dir = await fs.stat(path.dirname(file))
    if ((dir.mode & 0o222) === 0) return false
    await fs.access(file, fs.constants.W_OK)
    await fs.access(path.dirname(file), fs.constants.W_OK)
    return true
  } catch {
    return false
  }
}
