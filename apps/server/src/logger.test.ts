import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { createLogger } from './logger.ts'
import { DailyLogFile } from './logging/daily-log-file.ts'

const dirs: string[] = []
const tempDir = () => {
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-log-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const dir of dirs.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

const today = () => new Date().toISOString().slice(0, 10)

describe('createLogger', () => {
  it('writes every line to the day file through the transport, all of them there once closed', async () => {
    const metadata = tempDir()
    const { log, close } = createLogger('info', metadata, { stdout: false })
    for (let i = 0; i < 500; i++) log.info({ i }, 'line')
    log.debug('below the level')
    await close()
    const lines = fs
      .readFileSync(path.join(metadata, 'logs', `${today()}.log`), 'utf8')
      .trim()
      .split('\n')
      .map((l) => JSON.parse(l) as { i?: number; msg: string })
    expect(lines).toHaveLength(500)
    expect(lines.map((l) => l.i)).toEqual([...Array(500).keys()])
  })
})

describe('DailyLogFile', () => {
  it('keeps a week of day files and leaves other files alone', async () => {
    const dir = tempDir()
    const old = new Date(Date.now() - 9 * 86_400_000).toISOString().slice(0, 10)
    const recent = new Date(Date.now() - 2 * 86_400_000).toISOString().slice(0, 10)
    for (const name of [`${old}.log`, `${recent}.log`, 'notes.txt'])
      fs.writeFileSync(path.join(dir, name), 'x')
    const file = new DailyLogFile({ dir })
    file.end('{"msg":"hi"}\n')
    await new Promise((resolve) => file.on('finish', resolve))
    expect(fs.readdirSync(dir).sort()).toEqual([`${recent}.log`, `${today()}.log`, 'notes.txt'].sort())
    expect(fs.readFileSync(path.join(dir, `${today()}.log`), 'utf8')).toBe('{"msg":"hi"}\n')
  })
})
