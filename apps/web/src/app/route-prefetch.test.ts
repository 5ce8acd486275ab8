import type { RouteObject } from 'react-router'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { installRoutePrefetch, withPrefetch } from './route-prefetch.ts'

function routesWith(preloadUpload: () => Promise<unknown>): RouteObject[] {
  return [
    {
      path: '/',
      children: [
        { index: true, element: null },
        withPrefetch({ path: 'upload', element: null }, preloadUpload),
        { path: 'item/:id', element: null },
      ],
    },
  ]
}

function link(href: string): HTMLAnchorElement {
  const anchor = document.createElement('a')
  anchor.href = href
  anchor.textContent = href
  document.body.append(anchor)
  return anchor
}

describe('route prefetch', () => {
  let uninstall: () => void = () => {}
  afterEach(() => {
    uninstall()
    document.body.replaceChildren()
  })

  it("fetches an on-demand page's chunk when a link to it is hovered or focused", () => {
    const preload = vi.fn(() => Promise.resolve())
    uninstall = installRoutePrefetch(routesWith(preload))
    const upload = link('/upload')
    upload.dispatchEvent(new Event('pointerover', { bubbles: true }))
    expect(preload).toHaveBeenCalledTimes(1)
    upload.dispatchEvent(new FocusEvent('focusin', { bubbles: true }))
    expect(preload).toHaveBeenCalledTimes(2)
  })

  it('does nothing for eager pages, other sites, or after being removed', () => {
    const preload = vi.fn(() => Promise.resolve())
    uninstall = installRoutePrefetch(routesWith(preload))
    link('/item/abc').dispatchEvent(new Event('pointerover', { bubbles: true }))
    link('https://elsewhere.example/upload').dispatchEvent(new Event('pointerover', { bubbles: true }))
    expect(preload).not.toHaveBeenCalled()
    uninstall()
    link('/upload').dispatchEvent(new Event('pointerover', { bubbles: true }))
    expect(preload).not.toHaveBeenCalled()
  })

  it('ignores a failed prefetch (the navigation fetches again and reports its own error)', async () => {
    const preload = vi.fn(() => Promise.reject(new Error('offline')))
    const unhandled = vi.fn()
    process.on('unhandledRejection', unhandled)
    uninstall = installRoutePrefetch(routesWith(preload))
    link('/upload').dispatchEvent(new Event('pointerover', { bubbles: true }))
    await new Promise((resolve) => setTimeout(resolve, 0))
    process.off('unhandledRejection', unhandled)
    expect(preload).toHaveBeenCalledTimes(1)
    expect(unhandled).not.toHaveBeenCalled()
  })
})
