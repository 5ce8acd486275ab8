/** The overlay's swipe rules (spec §9), for the reader frame, which sees the touches on the book itself. */
export { isTouchIgnored, swipeDirection } from '../model/swipe.ts'
