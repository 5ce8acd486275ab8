import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { MMAP_BYTES, openDatabase, type DatabaseHandle } from './connection.ts'

describe('openDatabase', () => {
  const opened: DatabaseHandle[] = []
  afterEach(async () => {
    for (const h of opened.splice(0)) await h.close()
  })

  it('opens the file in WAL mode with foreign keys, reads through a memory map and keeps the lock', async () => {
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-connection-'))
    const file = path.join(dir, 'db', 'shelfcast.sqlite')
    const handle = openDatabase(file)
    opened.push(handle)
    expect(handle.sqlite.pragma('journal_mode', { simple: true })).toBe('wal')
    expect(handle.sqlite.pragma('locking_mode', { simple: true })).toBe('exclusive')
    expect(handle.sqlite.pragma('foreign_keys', { simple: true })).toBe(1)
    expect(handle.sqlite.pragma('mmap_size', { simple: true })).toBeGreaterThan(MMAP_BYTES * 0.99)

    // A second server on the same folder cannot start beside the first.
    expect(() => openDatabase(file)).toThrow(/in use by another running server/)
    await handle.close()
    opened.pop()
    opened.push(openDatabase(file))
  })
})
