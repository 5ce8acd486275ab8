import fs from 'node:fs'
import path from 'node:path'
import pino from 'pino'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { createInitialisedApp, tempDir, type LoggedIn, type TestApp } from '../test-support/test-app.ts'
import { ScanLog, scanLogDir } from './scan-log.ts'
import { createLibrary } from './test-library.ts'

const logFiles = (dir: string) =>
  fs
    .readdirSync(dir)
    .filter((n) => n.endsWith('.log'))
    .sort()

describe('scan logs', () => {
  let t: TestApp
  let root: LoggedIn
  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
  })
  afterAll(() => t.close())

  const library = async (name: string) => {
    const folder = path.join(tempDir('shelfcast-scan-log-'), name)
    fs.mkdirSync(folder, { recursive: true })
    return createLibrary(t, root.accessToken, {
      name,
      folders: [{ fullPath: folder }],
      settings: { disableWatcher: true },
    })
  }
  const scan = async (libraryId: string) => (await t.ctx.scanner.scans.scanLibrary(libraryId)).done

  it('each library scan writes its lines to a file; the newest loggerScannerLogsToKeep per library are kept', async () => {
    const a = await library('Shelf A')
    const b = await library('Shelf B')
    const dirA = scanLogDir(t.ctx.config.metadataPath, a.id)
    const dirB = scanLogDir(t.ctx.config.metadataPath, b.id)
    const saved = await t.call('PATCH', '/api/settings', root.accessToken, { loggerScannerLogsToKeep: 2 })
    expect(saved.statusCode).toBe(200)
    // A scan log from long ago and a file that is not a scan log.
    fs.mkdirSync(dirA, { recursive: true })
    fs.writeFileSync(path.join(dirA, '2020-01-01T00-00-00-000Z.log'), 'old\n')
    fs.writeFileSync(path.join(dirA, 'notes.txt'), 'mine')

    await scan(b.id)
    const logsOfB = logFiles(dirB)
    for (let n = 0; n < 3; n++) await scan(a.id)

    const kept = logFiles(dirA)
    expect(kept).toHaveLength(2)
    expect(kept).not.toContain('2020-01-01T00-00-00-000Z.log')
    expect(fs.existsSync(path.join(dirA, 'notes.txt'))).toBe(true)
    // Another library's scans count apart: its logs stay.
    expect(logsOfB.length).toBeGreaterThan(0)
    expect(logFiles(dirB)).toEqual(logsOfB)

    const newest = fs
      .readFileSync(path.join(dirA, kept.at(-1) ?? ''), 'utf8')
      .trim()
      .split('\n')
    const messages = newest.map((l) => JSON.parse(l) as { msg: string; libraryId: string })
    expect(messages.map((m) => m.msg)).toEqual(['library scan started', 'library scan finished'])
    expect(messages.every((m) => m.libraryId === a.id)).toBe(true)

    // A larger setting keeps more from the next scan on.
    await t.call('PATCH', '/api/settings', root.accessToken, { loggerScannerLogsToKeep: 3 })
    await scan(a.id)
    expect(logFiles(dirA)).toHaveLength(3)
  })
})

describe('a scan log', () => {
  it('keeps its lines redacted and passes them on to the server log', async () => {
    const seen: string[] = []
    const main = pino({ level: 'info' }, { write: (line: string) => void seen.push(line) })
    const scanLog = new ScanLog(main, { libraryId: 'lib_1' })
    scanLog.log.debug('only in the scan log')
    scanLog.log.warn({ password: 'hunter2-secret' }, 'odd file')
    const dir = tempDir('shelfcast-scan-log-unit-')
    const file = await scanLog.save(dir, 5)
    const text = fs.readFileSync(file, 'utf8')
    expect(text).toContain('only in the scan log')
    expect(text).toContain('odd file')
    expect(text).not.toContain('hunter2-secret')
    // The server log keeps its own level (Info): the warning, without the secret, and not the debug line.
    expect(seen.join('')).toContain('odd file')
    expect(seen.join('')).toContain('lib_1')
    expect(seen.join('')).not.toContain('only in the scan log')
    expect(seen.join('')).not.toContain('hunter2-secret')
  })
})
