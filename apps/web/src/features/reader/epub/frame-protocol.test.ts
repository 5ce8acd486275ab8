import { describe, expect, it } from 'vitest'
import { readFrameMessage, readHostMessage } from './frame-protocol.ts'

describe('reader frame messages', () => {
  it('accepts the frame’s well-formed messages and clamps progress', () => {
    expect(
      readFrameMessage({ type: 'relocate', cfi: 'epubcfi(/6/2!/4)', fraction: 1.5, atEnd: true }),
    ).toEqual({
      type: 'relocate',
      cfi: 'epubcfi(/6/2!/4)',
      fraction: 1,
      atEnd: true,
    })
    expect(
      readFrameMessage({
        type: 'opened',
        toc: [{ label: 'A', href: 'a.xhtml', subitems: [{ label: 'B', href: 'b' }] }],
      }),
    ).toEqual({
      type: 'opened',
      toc: [{ label: 'A', href: 'a.xhtml', subitems: [{ label: 'B', href: 'b', subitems: [] }] }],
    })
    expect(readFrameMessage({ type: 'key', key: 'ArrowLeft' })).toEqual({ type: 'key', key: 'ArrowLeft' })
  })

  it('drops anything else', () => {
    for (const bad of [
      null,
      'ready',
      { type: 'token', value: 'x' },
      { type: 'relocate', cfi: 3, fraction: 0 },
      { type: 'relocate', cfi: 'x', fraction: Number.NaN },
      { type: 'error', code: 'rm -rf' },
      { type: 'key', key: 'Enter' },
      { type: 'opened', toc: [{ label: 'A' }] },
      {
        type: 'searchResults',
        id: 1,
        chapters: [{ label: 'x', hits: [{ cfi: 'c', excerpt: {} }] }],
        done: true,
      },
    ])
      expect(readFrameMessage(bad)).toBeNull()
  })

  it('the frame accepts only the app’s commands with valid settings', () => {
    const style = {
      theme: 'dark',
      font: 'serif',
      fontScale: 100,
      lineSpacing: 115,
      textStroke: 0,
      spread: 'auto',
      flow: 'paginated',
    }
    const book = new ArrayBuffer(4)
    expect(
      readHostMessage({ type: 'open', book, fileName: 'b.epub', initialLocation: null, style }),
    ).toMatchObject({
      type: 'open',
      fileName: 'b.epub',
    })
    expect(
      readHostMessage({ type: 'open', book: 'x', fileName: 'b', initialLocation: null, style }),
    ).toBeNull()
    expect(readHostMessage({ type: 'setStyle', style: { ...style, theme: 'neon' } })).toBeNull()
    expect(readHostMessage({ type: 'goTo', target: 'epubcfi(/6/4)' })).toEqual({
      type: 'goTo',
      target: 'epubcfi(/6/4)',
    })
    expect(readHostMessage({ type: 'eval', code: '1' })).toBeNull()
  })
})
