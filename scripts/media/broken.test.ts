import { mkdtemp, readdir, readFile, rm, stat } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeBrokenFiles, makeGarbageFile } from './broken.ts'
import { probeMedia } from './ffmpeg.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shelfcast-broken-test-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('makeBrokenFiles', () => {
  it('writes a zero-byte m4b, a truncated mp3 and noise named .mp3, and nothing else', async () => {
    const files = await makeBrokenFiles(dir)
    expect((await stat(files.zeroByteM4b)).size).toBe(0)
    await expect(probeMedia(files.zeroByteM4b)).rejects.toThrow()
    await expect(probeMedia(files.garbageMp3)).rejects.toThrow()

    // The truncated file keeps a real MPEG header that promises the full 6 s it no longer holds.
    const truncated = await probeMedia(files.truncatedMp3)
    expect(truncated.formatName).toBe('mp3')
    expect(truncated.durationSec).toBeGreaterThan(5.9)
    expect(truncated.sizeBytes).toBeLessThan((6 * 32000) / 8 / 2)

    expect((await readdir(dir)).sort()).toEqual(['garbage.mp3', 'truncated.mp3', 'zero-byte.m4b'])
  })

  it('makes the same noise for the same seed, with no MPEG sync byte', async () => {
    const a = await readFile(await makeGarbageFile({ path: join(dir, 'a.bin'), bytes: 1000, seed: 7 }))
    const b = await readFile(await makeGarbageFile({ path: join(dir, 'b.bin'), bytes: 1000, seed: 7 }))
    const c = await readFile(await makeGarbageFile({ path: join(dir, 'c.bin'), bytes: 1000, seed: 8 }))
    expect(a.equals(b)).toBe(true)
    expect(a.equals(c)).toBe(false)
    expect(a.includes(0xff)).toBe(false)
  })
})
