import fs from 'node:fs'
import path from 'node:path'

/**
 * A restore is staged while the server runs and applied here, at start-up, before the database opens.
 * The commit point is the rename that creates PENDING_DATABASE (a validated, migrated, self-contained file in
 * the config folder). Every step below can run again after a crash, so a kill -9 at any moment leaves the
 * server on the old database (no pending file yet) or on the new one (the swap is redone), never a mix.
 */
export const PENDING_DATABASE = 'restore-pending.sqlite'
/** The restored metadata images, staged in the metadata folder (renames stay on one file system). */
export const STAGED_IMAGES = '.restore-images'
export const RESTORED_IMAGE_FOLDERS = ['items', 'authors'] as const

const exists = (p: string) => fs.existsSync(p)

function syncFolder(folder: string) {
  try {
    const fd = fs.openSync(folder, 'r')
    try {
      fs.fsyncSync(fd)
    } finally {
      fs.closeSync(fd)
    }
  } catch {
    // Not every file system lets a folder be opened for fsync; the rename is still atomic.
  }
}

/** Applies a staged restore if there is one (true), and clears what an unfinished staging left. */
export function applyPendingRestore(paths: {
  configPath: string
  metadataPath: string
  databaseFile: string
}) {
  const pending = path.join(paths.configPath, PENDING_DATABASE)
  const staged = path.join(paths.metadataPath, STAGED_IMAGES)
  if (!exists(pending)) {
    fs.rmSync(staged, { recursive: true, force: true })
    return false
  }
  if (exists(staged)) {
    for (const folder of RESTORED_IMAGE_FOLDERS) {
      const from = path.join(staged, folder)
      const live = path.join(paths.metadataPath, folder)
      const old = `${live}.before-restore`
      fs.rmSync(old, { recursive: true, force: true })
      if (!exists(from)) continue // already moved in by an interrupted run
      if (exists(live)) fs.renameSync(live, old)
      fs.renameSync(from, live)
      fs.rmSync(old, { recursive: true, force: true })
    }
    fs.rmSync(staged, { recursive: true, force: true })
  }
  // The old database's WAL must not be replayed onto the restored file.
  fs.rmSync(`${paths.databaseFile}-wal`, { force: true })
  fs.rmSync(`${paths.databaseFile}-shm`, { force: true })
  fs.renameSync(pending, paths.databaseFile)
  syncFolder(paths.configPath)
  return true
}
