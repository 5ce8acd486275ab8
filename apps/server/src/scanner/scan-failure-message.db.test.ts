import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest'
import { connectSocket } from '../test-support/socket-client.ts'
import { createInitialisedApp, tempDir, type LoggedIn, type TestApp } from '../test-support/test-app.ts'
import { createLibrary } from './test-library.ts'

describe('a library scan that fails', () => {
  let t: TestApp
  let root: LoggedIn
  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
  })
  afterAll(() => t.close())

  it('tells admins, and only admins, with an admin_message', async () => {
    const base = await t.listen()
    const folder = path.join(tempDir('shelfcast-scan-fail-'), 'Books')
    fs.mkdirSync(folder, { recursive: true })
    const lib = await createLibrary(t, root.accessToken, {
      name: 'Shelf A',
      folders: [{ fullPath: folder }],
      settings: { disableWatcher: true },
    })
    await t.createUser(root.accessToken, { username: 'reader', password: 'pw', type: 'user' })
    const reader = await t.login('reader', 'pw')
    const admin = await connectSocket(base)
    const user = await connectSocket(base)
    try {
      expect((await admin.auth(root.accessToken)).event).toBe('init')
      expect((await user.auth(reader.accessToken)).event).toBe('init')
      // The scan's last write fails (a full disk, a locked database): the whole scan fails.
      const markScanned = vi
        .spyOn(t.ctx.libraries, 'markScanned')
        .mockRejectedValueOnce(new Error('SQLITE_FULL: database or disk is full'))
      await (
        await t.ctx.scanner.scans.scanLibrary(lib.id)
      ).done
      expect(await admin.waitFor<string>('admin_message')).toBe('Scan of "Shelf A" failed')
      expect(user.received('admin_message')).toEqual([])
      expect(markScanned).toHaveBeenCalled()
    } finally {
      vi.restoreAllMocks()
      admin.close()
      user.close()
    }
  })
})
