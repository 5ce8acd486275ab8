/**
 * ArrowRight / ArrowLeft as a step along the reading direction: +1 towards the line's end, -1 towards its
 * start. Right-to-left layouts mirror them, so the arrow moves the way the row is drawn.
 */
export function inlineArrowStep(key: string, element: Element): 1 | -1 | 0 {
  if (key !== 'ArrowRight' && key !== 'ArrowLeft') return 0
  const rtl = getComputedStyle(element).direction === 'rtl'
  return (key === 'ArrowRight') !== rtl ? 1 : -1
}
