import { appendFile, mkdtemp, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio } from './audio.ts'
import { probeMedia } from './ffmpeg.ts'
import { addMp4FreeformTags } from './mp4-tags.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shelfcast-mp4-test-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

describe('addMp4FreeformTags', () => {
  it('adds ----:com.apple.iTunes atoms that ffprobe reads back, keeping the audio playable', async () => {
    const path = await makeAudio({ path: join(dir, 'a.m4a'), durationSec: 2, tags: { title: 'T' } })
    await addMp4FreeformTags(path, { 'Custom Key': 'välue', second: 'two' })
    const info = await probeMedia(path)
    expect(info.tags).toMatchObject({ title: 'T', 'custom key': 'välue', second: 'two' })
    expect(info.durationSec).toBeCloseTo(2, 1)
  })

  it('refuses a file whose moov is not the last box', async () => {
    const path = await makeAudio({ path: join(dir, 'b.m4a'), durationSec: 1, tags: { title: 'T' } })
    const free = Buffer.from([0, 0, 0, 8, 0x66, 0x72, 0x65, 0x65]) // an empty 'free' box after moov
    await appendFile(path, free)
    await expect(addMp4FreeformTags(path, { a: 'b' })).rejects.toThrow(/not the last box/)
  })
})
