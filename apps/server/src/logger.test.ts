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

  it('writes no secret to the day file or the buffer, and keeps the lines its level lets through', async () => {
    const metadata = tempDir()
    const logger = createLogger('info', metadata, { stdout: false })
    logger.log.info({ password: 'file-secret-1', headers: { authorization: 'Bearer file-secret-2' } }, 'a')
    logger.log.child({ module: 'email' }).warn('smtp://me:file-secret-3@mail.example refused')
    logger.log.debug('hidden')
    logger.setLevel('debug')
    logger.log.debug('shown')
    await logger.close()
    const file = fs.readFileSync(path.join(metadata, 'logs', `${today()}.log`), 'utf8')
    const buffered = JSON.stringify(logger.buffer.today())
    for (const text of [file, buffered]) {
      for (const secret of ['file-secret-1', 'file-secret-2', 'file-secret-3'])
        expect(text).not.toContain(secret)
      expect(text).not.toContain('hidden')
      expect(text).toContain('shown')
    }
    expect(logger.buffer.today().find((l) => l.source === 'email')?.levelName).toBe('WARN')
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
