import { describe, expect, it } from 'vitest'
import { canTranscode, segmentChunks, segmentIndexOf, vodPlaylist } from './hls-stream.ts'

describe('HLS helpers', () => {
  it('writes a complete VOD playlist of 6 s segments with a short last one', () => {
    const text = vodPlaylist(20, 6)
    expect(text.startsWith('#EXTM3U\n')).toBe(true)
    expect(text).toContain('#EXT-X-PLAYLIST-TYPE:VOD')
    expect(text.trimEnd().endsWith('#EXT-X-ENDLIST')).toBe(true)
    expect(
      [...text.matchAll(/#EXTINF:([\d.]+),\n(output-\d+\.ts)/g)].map((m) => [Number(m[1]), m[2]]),
    ).toEqual([
      [6, 'output-0.ts'],
      [6, 'output-1.ts'],
      [6, 'output-2.ts'],
      [2, 'output-3.ts'],
    ])
    expect(vodPlaylist(12, 6).match(/#EXTINF/g)).toHaveLength(2)
    // A 10-hour book: 6000 segments, written at once.
    expect(vodPlaylist(36000, 6).match(/#EXTINF/g)).toHaveLength(6000)
  })

  it('serves only output-N.ts names', () => {
    expect(segmentIndexOf('output-0.ts')).toBe(0)
    expect(segmentIndexOf('output-123.ts')).toBe(123)
    for (const bad of [
      'output-01.ts',
      'output--1.ts',
      '../output-1.ts',
      'output-1.ts/..',
      'output-1.tsx',
      'ffmpeg.m3u8',
      'output-99999999.ts',
      '',
    ]) {
      expect(segmentIndexOf(bad)).toBeNull()
    }
  })

  it('refuses inputs whose names would break the concat list', () => {
    expect(canTranscode([{ path: '/books/a.mp3', duration: 1, codec: 'mp3' }])).toBe(true)
    expect(canTranscode([{ path: "/books/it's.mp3", duration: 1, codec: 'mp3' }])).toBe(true)
    expect(canTranscode([{ path: '/books/a\nfile /etc/passwd', duration: 1, codec: 'mp3' }])).toBe(false)
    expect(canTranscode([{ path: 'relative.mp3', duration: 1, codec: 'mp3' }])).toBe(false)
    expect(canTranscode([])).toBe(false)
  })
})

describe('segmentChunks (stream_progress)', () => {
  it('gives runs of made segments as Audiobookshelf does', () => {
    expect(segmentChunks([7, 0, 2, 1, 5, 8])).toEqual(['0-2', 5, '7-8'])
    expect(segmentChunks([])).toEqual([])
    expect(segmentChunks([3])).toEqual([3])
  })
})
