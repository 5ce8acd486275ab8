import { useLayoutEffect, useRef, useState } from 'react'

/**
 * Where a window-scrolled list starts in the document: the `scrollMargin` its window virtualizer needs.
 * What is above the list (a panel opening, a header wrapping) moves it; the page around the list changes
 * size then, so watching the parent keeps the offset current.
 */
export function useWindowListOffset<T extends HTMLElement = HTMLDivElement>() {
  const ref = useRef<T>(null)
  const [scrollMargin, setScrollMargin] = useState(0)
  useLayoutEffect(() => {
    const element = ref.current
    if (!element) return
    const measure = () => setScrollMargin(Math.round(element.getBoundingClientRect().top + window.scrollY))
    measure()
    const observer = new ResizeObserver(measure)
    if (element.parentElement) observer.observe(element.parentElement)
    return () => observer.disconnect()
  }, [])
  return { ref, scrollMargin }
}
