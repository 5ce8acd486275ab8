import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { episodeExtension, episodeFileStem, freeEpisodePath } from './episode-file-name.ts'

describe('episode file names', () => {
  it('takes the extension from the enclosure type, else the URL, else mp3', () => {
    expect(episodeExtension('audio/mpeg', 'http://h/x')).toBe('mp3')
    expect(episodeExtension('audio/x-m4a; codecs=aac', 'http://h/x.mp3')).toBe('m4a')
    expect(episodeExtension(null, 'http://h/show/ep.ogg?token=1')).toBe('ogg')
    expect(episodeExtension('application/octet-stream', 'http://h/ep.exe')).toBe('mp3')
    expect(episodeExtension(null, 'not a url')).toBe('mp3')
  })

  it('sanitises titles into one short path segment', () => {
    expect(episodeFileStem('../../etc/passwd: "Q&A" <live>?', 'mp3')).toBe('etcpasswd Q&A live')
    expect(episodeFileStem('...', 'mp3')).toBe('Episode')
    expect(episodeFileStem('CON', 'mp3')).toBe('Episode')
    const long = episodeFileStem('é'.repeat(400), 'mp3')
    expect(Buffer.byteLength(`${long} (999).mp3`)).toBeLessThanOrEqual(255)
  })

  it('never reuses an existing name: it appends (2), (3) …', () => {
    const dir = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'episode-names-')))
    expect(freeEpisodePath(dir, 'Ep', 'mp3')).toBe(path.join(dir, 'Ep.mp3'))
    fs.writeFileSync(path.join(dir, 'Ep.mp3'), '')
    fs.writeFileSync(path.join(dir, 'Ep (2).mp3'), '')
    expect(freeEpisodePath(dir, 'Ep', 'mp3')).toBe(path.join(dir, 'Ep (3).mp3'))
    expect(() => freeEpisodePath(dir, '../x', 'mp3')).toThrow(/escapes/)
  })
})
