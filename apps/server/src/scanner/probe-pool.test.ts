import fs from 'node:fs'
import path from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { makeAudio } from '../../../../scripts/media/index.ts'
import { captureLogs, tempDir } from '../test-support/test-app.ts'
import { probeAudioFile } from './audio-probe.ts'
import { defaultTagWorkers, ProbePool } from './probe-pool.ts'

describe('ProbePool', () => {
  let file: string
  let garbage: string
  const logs = captureLogs()
  const pool = new ProbePool({ ffprobePath: null, log: logs.logger, workers: 1 })

  beforeAll(async () => {
    const dir = tempDir('shelfcast-pool-')
    file = await makeAudio({
      path: path.join(dir, 'a.m4b'),
      durationSec: 3,
      chapters: [
        { title: 'One', startSec: 0, endSec: 1 },
        { title: 'Two', startSec: 1, endSec: 3 },
      ],
      tags: { album: 'Pooled', artist: 'Worker Author' },
    })
    garbage = path.join(dir, 'garbage.mp3')
    fs.writeFileSync(garbage, Buffer.alloc(2048, 7))
  })
  afterAll(() => pool.close())

  it('reads tags in a worker thread, exactly as in-process', async () => {
    const size = fs.statSync(file).size
    const [fromWorker, inProcess] = await Promise.all([
      pool.probe(file, size),
      probeAudioFile(file, size, { ffprobePath: null }),
    ])
    expect(pool.running).toBe(1)
    expect(fromWorker).toEqual(inProcess)
    expect(fromWorker.tags.album).toBe('Pooled')
    expect(fromWorker.chapters.map((c) => c.title)).toEqual(['One', 'Two'])
    expect(logs.lines().map((l) => l.msg)).not.toContain('tag reader workers unavailable; reading in-process')
  })

  it('reports broken files as errors and stops its workers when released', async () => {
    const probe = await pool.probe(garbage, 2048)
    expect(probe.error).toBeTruthy()
    await pool.release()
    expect(pool.running).toBe(0)
    // A later probe starts a worker again.
    expect((await pool.probe(file, fs.statSync(file).size)).error).toBeNull()
  })
})

describe('defaultTagWorkers', () => {
  it('reads in-process on two cores and uses spare cores beyond', () => {
    expect(defaultTagWorkers(1)).toBe(0)
    expect(defaultTagWorkers(2)).toBe(0)
    expect(defaultTagWorkers(4)).toBe(3)
    expect(defaultTagWorkers(16)).toBe(4)
  })
})
