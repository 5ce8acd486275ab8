import { useSyncExternalStore } from 'react'
import {
  cardGeometry,
  fitCoverSize,
  type CardGeometry,
  type CardGeometryInput,
} from '../model/card-geometry.ts'

/** The bookshelf's side padding on a phone (px-4 on each side): what a card may not be wider than the window less. */
const PAGE_GUTTER = 32

const subscribe = (onChange: () => void) => {
  window.addEventListener('resize', onChange)
  return () => window.removeEventListener('resize', onChange)
}
const windowWidth = () => window.innerWidth

/**
 * The geometry of a grid's cards at the user's cover size, drawn a step or more smaller where such a
 * card would not fit across the window (a 240 series card is 480 px wide; a phone is 375).
 */
export function useCardGeometry(input: CardGeometryInput): CardGeometry {
  const width = useSyncExternalStore(subscribe, windowWidth, () => 0)
  return cardGeometry({ ...input, coverSize: fitCoverSize(input, width - PAGE_GUTTER) })
}
