import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'
import { isWritable, replaceAtomically } from './replace-file.ts'

const dirs: string[] = []
const temp = (base = os.tmpdir()) => {
  const dir = fs.mkdtempSync(path.join(base, 'shelfcast-replace-'))
  dirs.push(dir)
  return dir
}
afterEach(() => {
  for (const d of dirs.splice(0)) {
    fs.chmodSync(d, 0o755)
    fs.rmSync(d, { recursive: true, force: true })
  }
})

describe('replaceAtomically', () => {
  it('renames the new file over the target, keeping the target mode', () => {
    const dir = temp()
    const target = path.join(dir, 'a.mp3')
    const source = path.join(dir, 'new.mp3')
    fs.writeFileSync(target, 'old')
    fs.chmodSync(target, 0o640)
    fs.writeFileSync(source, 'new')
    return replaceAtomically(source, target).then(() => {
      expect(fs.readFileSync(target, 'utf8')).toBe('new')
      expect(fs.statSync(target).mode & 0o777).toBe(0o640)
      expect(fs.existsSync(source)).toBe(false)
    })
  })

  it('copies, flushes and renames across filesystems (the cache on another disk), leaving no temp file', async () => {
    if (!fs.existsSync('/dev/shm') || fs.statSync('/dev/shm').dev === fs.statSync(os.tmpdir()).dev) {
      console.warn('skipped: /dev/shm is not a separate filesystem here')
      return
    }
    const cache = temp('/dev/shm')
    const library = temp()
    const target = path.join(library, 'a.mp3')
    const source = path.join(cache, 'new.mp3')
    fs.writeFileSync(target, 'old')
    fs.writeFileSync(source, 'new')
    await replaceAtomically(source, target)
    expect(fs.readFileSync(target, 'utf8')).toBe('new')
    expect(fs.readdirSync(library)).toEqual(['a.mp3'])
    expect(fs.existsSync(source)).toBe(false)
  })
})

describe('isWritable', () => {
  it('refuses a file without any write bit, even for root, and a read-only folder', async () => {
    const dir = temp()
    const file = path.join(dir, 'a.mp3')
    fs.writeFileSync(file, 'x')
    expect(await isWritable(file)).toBe(true)
    fs.chmodSync(file, 0o444)
    expect(await isWritable(file)).toBe(false)
    fs.chmodSync(file, 0o644)
    fs.chmodSync(dir, 0o555)
    expect(await isWritable(file)).toBe(false)
  })
})
