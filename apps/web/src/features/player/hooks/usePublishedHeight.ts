import { useEffect, type RefObject } from 'react'

/** How the published height is measured: the element's own height, or from its top to the window's bottom. */
export type HeightMeasure = 'element' | 'to-window-bottom'

/**
 * Publishes an element's height as a CSS variable on <html> (for spacers and for toasts to sit above it),
 * kept current with a ResizeObserver; 0 once the element is gone.
 */
export function usePublishedHeight(
  ref: RefObject<HTMLElement | null>,
  variable: string,
  measure: HeightMeasure = 'element',
): void {
  useEffect(() => {
    const element = ref.current
    const root = document.documentElement
    if (!element) return
    const publish = () => {
      const rect = element.getBoundingClientRect()
      const height = measure === 'element' ? rect.height : Math.max(0, window.innerHeight - rect.top)
      root.style.setProperty(variable, `${Math.ceil(height)}px`)
    }
    publish()
    const observer = typeof ResizeObserver === 'undefined' ? null : new ResizeObserver(publish)
    observer?.observe(element)
    window.addEventListener('resize', publish)
    return () => {
      observer?.disconnect()
      window.removeEventListener('resize', publish)
      root.style.setProperty(variable, '0px')
    }
  }, [ref, variable, measure])
}
