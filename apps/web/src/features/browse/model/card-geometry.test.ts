import { describe, expect, it } from 'vitest'
import { COVER_SIZES } from './cover-size.ts'
import {
  CAPTION_MARGIN,
  CAPTION_SUB_LINE,
  CAPTION_TITLE_LINE,
  GRID_GAP,
  captionHeight,
  captionLines,
  cardGeometry,
  fitCoverSize,
  type BookshelfView,
  type CardKind,
} from './card-geometry.ts'

const kinds: CardKind[] = ['book', 'podcast', 'series', 'collection', 'author']
const views: BookshelfView[] = ['standard', 'detail']
const aspects = [1.6, 1]

describe('card geometry', () => {
  for (const kind of kinds)
    for (const view of views)
      for (const coverSize of COVER_SIZES)
        for (const aspectRatio of aspects)
          for (const showSubtitle of [false, true])
            it(`${kind}, ${view}, size ${coverSize}, aspect ${aspectRatio}${showSubtitle ? ', subtitle' : ''}: the card fills its row less the gap`, () => {
              const g = cardGeometry({ kind, coverSize, view, aspectRatio, showSubtitle })
              const lines = captionLines(kind, view, showSubtitle)
              // What CardCaption renders: its margin plus fixed-height lines.
              const rendered =
                lines.title + lines.sub === 0
                  ? 0
                  : CAPTION_MARGIN + lines.title * CAPTION_TITLE_LINE + lines.sub * CAPTION_SUB_LINE
              expect(g.captionHeight).toBe(rendered)
              expect(g.height).toBe(g.coverHeight + rendered)
              expect(g.height).toBe(g.rowPitch - GRID_GAP)
              expect(g.gap).toBe(GRID_GAP)
              expect(Number.isInteger(g.height)).toBe(true)
              expect(Number.isInteger(g.width)).toBe(true)
            })

  it('sizes covers like CoverImage and CoverFan do (height = round(width × aspect))', () => {
    expect(cardGeometry({ kind: 'book', coverSize: 120, view: 'standard', aspectRatio: 1.6 })).toMatchObject({
      width: 120,
      coverHeight: 192,
      height: 192,
      rowPitch: 216,
    })
    expect(cardGeometry({ kind: 'book', coverSize: 120, view: 'detail', aspectRatio: 1.6 })).toMatchObject({
      height: 192 + 6 + 18 + 16,
    })
    expect(cardGeometry({ kind: 'podcast', coverSize: 100, view: 'detail', aspectRatio: 1 })).toMatchObject({
      width: 160,
      coverHeight: 160,
    })
  })

  it('makes fan cards two covers wide and author cards square', () => {
    const series = cardGeometry({ kind: 'series', coverSize: 140, view: 'standard', aspectRatio: 1.6 })
    expect(series.width).toBe(series.coverWidth * 2)
    const author = cardGeometry({ kind: 'author', coverSize: 120, view: 'standard', aspectRatio: 1.6 })
    expect(author).toMatchObject({ width: 150, coverWidth: 150, coverHeight: 150 })
  })

  it('shows book captions in the detail view only, and the other kinds’ in both', () => {
    expect(captionHeight(captionLines('book', 'standard', true))).toBe(0)
    expect(captionLines('book', 'detail', true)).toEqual({ title: 1, sub: 2 })
    expect(captionLines('podcast', 'detail', true)).toEqual({ title: 1, sub: 1 })
    for (const kind of ['series', 'collection', 'author'] as const)
      expect(captionLines(kind, 'standard')).toEqual(captionLines(kind, 'detail'))
  })
})

describe('fitting a card on a narrow screen', () => {
  const series = { kind: 'series', view: 'detail', aspectRatio: 1.6 } as const
  it('keeps the chosen size when the card fits', () => {
    expect(fitCoverSize({ ...series, coverSize: 240 }, 1200)).toBe(240)
  })
  it('steps down to the largest size that fits, never below the smallest step', () => {
    // A series card is two covers wide: 160 × 2 = 320 fits in 343, 180 × 2 = 360 does not.
    expect(fitCoverSize({ ...series, coverSize: 240 }, 343)).toBe(160)
    expect(fitCoverSize({ ...series, coverSize: 240 }, 100)).toBe(80)
    expect(fitCoverSize({ kind: 'podcast', view: 'detail', aspectRatio: 1, coverSize: 240 }, 343)).toBe(200)
  })
})
