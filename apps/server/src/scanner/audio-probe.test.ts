import path from 'node:path'
import fs from 'node:fs'
import { beforeAll, describe, expect, it } from 'vitest'
import { makeAudio, runFfmpeg } from '../../../../scripts/media/index.ts'
import { tempDir } from '../test-support/test-app.ts'
import { probeAudioFile } from './audio-probe.ts'

describe('probeAudioFile', () => {
  let dir: string
  beforeAll(() => {
    dir = tempDir('shelfcast-probe-')
  })

  it('reads tags, duration and chapters in-process', async () => {
    const file = await makeAudio({
      path: path.join(dir, 'a.mp3'),
      durationSec: 3,
      chapters: [
        { title: 'One', startSec: 0, endSec: 1 },
        { title: 'Two', startSec: 1, endSec: 3 },
      ],
      tags: {
        album: 'Album',
        artist: 'Artist',
        series: 'Saga',
        seriesPart: 2,
        isbn: '978',
        asin: 'B000000001',
        date: '2020-05-06',
      },
    })
    const probe = await probeAudioFile(file, fs.statSync(file).size, { ffprobePath: null })
    expect(probe.error).toBeNull()
    expect(probe.duration).toBeGreaterThan(2.9)
    expect(probe.chapters.map((c) => [c.title, c.start])).toEqual([
      ['One', 0],
      ['Two', 1],
    ])
    expect(probe.tags).toMatchObject({
      album: 'Album',
      artist: 'Artist',
      series: 'Saga',
      seriesPart: '2',
      isbn: '978',
      asin: 'B000000001',
      date: '2020-05-06',
    })
  })

  it("reads the encoder, the podcast tags and the stream's language, as Audiobookshelf reports them", async () => {
    const m4b = path.join(dir, 'book.m4b')
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'aac', '-f', 'mp4', m4b])
    const book = await probeAudioFile(m4b, fs.statSync(m4b).size, { ffprobePath: null })
    expect(book.metaTags.tagEncoder).toMatch(/^Lavf/)
    expect(book.streamLanguage).toBe('und')
    const mp3 = path.join(dir, 'episode.mp3')
    const tags = ['-metadata', 'podcast-type=episodic', '-metadata', 'episode-type=full']
    await runFfmpeg([
      '-f',
      'lavfi',
      '-i',
      'sine=frequency=440:duration=2',
      ...tags,
      '-c:a',
      'libmp3lame',
      mp3,
    ])
    const episode = await probeAudioFile(mp3, fs.statSync(mp3).size, { ffprobePath: null })
    expect(episode.metaTags).toMatchObject({
      tagEncoder: expect.stringMatching(/^Lavf/),
      tagPodcastType: 'episodic',
      tagEpisodeType: 'full',
    })
    expect(episode.streamLanguage).toBeNull()
  })

  it('falls back to ffprobe for what the parser cannot read (CAF)', async () => {
    const file = path.join(dir, 'tone.caf')
    await runFfmpeg(['-f', 'lavfi', '-i', 'sine=frequency=440:duration=2', '-c:a', 'pcm_s16le', file])
    const size = fs.statSync(file).size
    const inProcess = await probeAudioFile(file, size, { ffprobePath: null })
    expect(inProcess.error).toBeTruthy()
    const withFallback = await probeAudioFile(file, size, {
      ffprobePath: process.env.FFPROBE_PATH ?? 'ffprobe',
    })
    expect(withFallback).toMatchObject({ error: null, format: 'caf', codec: 'pcm_s16le', duration: 2 })
    expect(withFallback.bitRate).toBeGreaterThan(100_000)
  })

  it('never throws: a missing file or a missing ffprobe gives an error', async () => {
    const missing = await probeAudioFile(path.join(dir, 'nope.mp3'), 10, {
      ffprobePath: '/nonexistent/ffprobe',
    })
    expect(missing.error).toBeTruthy()
  })
})
