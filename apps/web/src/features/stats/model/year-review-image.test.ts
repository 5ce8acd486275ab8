import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { fitText, shareOrDownloadPng } from './year-review-image.ts'

const png = new Blob([new Uint8Array([0x89, 0x50, 0x4e, 0x47])], { type: 'image/png' })

describe('shareOrDownloadPng', () => {
  let clicked: string[]
  beforeEach(() => {
    clicked = []
    vi.spyOn(URL, 'createObjectURL').mockReturnValue('blob:review')
    vi.spyOn(URL, 'revokeObjectURL').mockImplementation(() => {})
    vi.spyOn(HTMLAnchorElement.prototype, 'click').mockImplementation(function (this: HTMLAnchorElement) {
      clicked.push(this.download)
    })
  })
  afterEach(() => {
    vi.restoreAllMocks()
    Reflect.deleteProperty(navigator, 'share')
    Reflect.deleteProperty(navigator, 'canShare')
  })

  it('shares the PNG as a file where the browser can share files', async () => {
    const share = vi.fn(() => Promise.resolve())
    Object.assign(navigator, { share, canShare: () => true })
    const result = await shareOrDownloadPng(png, 'year-in-review-2026.png', 'Year 2026 in Review')
    expect(result).toEqual({ outcome: 'shared', notSupported: false })
    const files = (share.mock.calls[0] as unknown as [{ files: File[] }])[0].files
    expect(files[0]!.name).toBe('year-in-review-2026.png')
    expect(files[0]!.type).toBe('image/png')
    expect(clicked).toEqual([])
  })

  it('downloads it, saying native sharing is not supported, where a share sheet cannot take files', async () => {
    const share = vi.fn(() => Promise.resolve())
    Object.assign(navigator, { share, canShare: () => false })
    const result = await shareOrDownloadPng(png, 'year-in-review-2026.png', 'Year 2026 in Review')
    expect(result).toEqual({ outcome: 'downloaded', notSupported: true })
    expect(share).not.toHaveBeenCalled()
    expect(clicked).toEqual(['year-in-review-2026.png'])
  })

  it('just downloads it where there is no share sheet at all (no toast)', async () => {
    const result = await shareOrDownloadPng(png, 'year-in-review-2026.png', 'Year 2026 in Review')
    expect(result).toEqual({ outcome: 'downloaded', notSupported: false })
    expect(clicked).toEqual(['year-in-review-2026.png'])
  })

  it('does nothing more when the user closes the share sheet', async () => {
    const share = vi.fn(() => Promise.reject(new DOMException('cancelled', 'AbortError')))
    Object.assign(navigator, { share, canShare: () => true })
    const result = await shareOrDownloadPng(png, 'year-in-review-2026.png', 'Year 2026 in Review')
    expect(result).toEqual({ outcome: 'cancelled', notSupported: false })
    expect(clicked).toEqual([])
  })
})

describe('fitText', () => {
  // One pixel per character is enough to check the cut.
  const ctx = { measureText: (text: string) => ({ width: text.length }) as TextMetrics }
  it('keeps text that fits and ends longer text with an ellipsis within the width', () => {
    expect(fitText(ctx, 'Mort', 10)).toBe('Mort')
    const cut = fitText(ctx, 'The Colour of Magic', 10)
    expect(cut).toBe('The Colou…')
    expect(cut.length).toBeLessThanOrEqual(10)
  })
})
