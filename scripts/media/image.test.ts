import { mkdtemp, readFile, rm } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ffprobeJson } from './ffmpeg.ts'
import { makeCoverImage, wrapText } from './image.ts'

let dir: string
beforeAll(async () => {
  dir = await mkdtemp(join(tmpdir(), 'shelfcast-image-test-'))
})
afterAll(async () => {
  await rm(dir, { recursive: true, force: true })
})

async function size(path: string) {
  const video = (await ffprobeJson(path)).streams?.find((s) => s.codec_type === 'video')
  return { codec: video?.codec_name, width: video?.width, height: video?.height }
}

describe('makeCoverImage', () => {
  it('writes a JPEG of the asked size, with text that needs no escaping by the caller', async () => {
    const path = await makeCoverImage({
      path: join(dir, 'nested', 'cover.jpg'),
      width: 300,
      height: 200,
      text: "It's 100% a title: with [brackets], commas; and \\ backslashes\nThe Author",
      colour: '#7a3b2e',
    })
    expect(await size(path)).toEqual({ codec: 'mjpeg', width: 300, height: 200 })
    const bytes = await readFile(path)
    expect([bytes[0], bytes[1]]).toEqual([0xff, 0xd8])
  })

  it('writes PNG and plain covers', async () => {
    expect(await size(await makeCoverImage({ path: join(dir, 'a.png'), width: 32, height: 48 }))).toEqual({
      codec: 'png',
      width: 32,
      height: 48,
    })
  })

  it('draws the text (the file differs from a plain cover of the same colour)', async () => {
    const plain = await readFile(
      await makeCoverImage({ path: join(dir, 'plain.png'), width: 200, height: 200, colour: 'navy' }),
    )
    const text = await readFile(
      await makeCoverImage({
        path: join(dir, 'text.png'),
        width: 200,
        height: 200,
        colour: 'navy',
        text: 'Hello',
      }),
    )
    expect(text.equals(plain)).toBe(false)
  })

  it('refuses what it cannot write', async () => {
    await expect(makeCoverImage({ path: join(dir, 'x.gif') })).rejects.toThrow(/unsupported/)
    await expect(makeCoverImage({ path: join(dir, 'x.jpg'), colour: 'red:s=1x1' })).rejects.toThrow(/colour/)
    await expect(makeCoverImage({ path: join(dir, 'x.jpg'), width: 4 })).rejects.toThrow(/width/)
  })
})

describe('wrapText', () => {
  it('wraps on words and keeps explicit lines', () => {
    expect(wrapText('The Clockmaker’s Daughter\nHarriet Vale', 12)).toEqual([
      'The',
      'Clockmaker’s',
      'Daughter',
      'Harriet Vale',
    ])
    expect(wrapText('a b c d', 3)).toEqual(['a b', 'c d'])
  })
})
