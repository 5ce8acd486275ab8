import { describe, expect, it } from 'vitest'
import { stripScripts, stripScriptsFromContent } from './strip-scripts.ts'
import { bookCss, layoutAttributes } from './book-style.ts'

const xhtml = `<?xml version="1.0" encoding="UTF-8"?>
<html xmlns="http://www.w3.org/1999/xhtml"><head><title>T</title><script type="text/plain">steal()</script></head>
<body onload="steal()"><p onclick="x()">Kept text</p><script>window.top.flag = 1</script>
<svg xmlns="http://www.w3.org/2000/svg"><script>1</script><circle r="1"/></svg></body></html>`

describe('book markup is made inert', () => {
  it('drops script elements and on* handlers, keeps the text (XHTML)', () => {
    const out = stripScripts(xhtml, 'application/xhtml+xml')
    expect(out).not.toMatch(/<script|onload|onclick|window\.top/)
    expect(out).toContain('Kept text')
    expect(out).toContain('<circle')
  })

  it('HTML sections too', () => {
    const out = stripScripts(
      '<!DOCTYPE html><html><body><p>Hi</p><script>alert(1)</script></body></html>',
      'text/html',
    )
    expect(out).toMatch(/^<!DOCTYPE html>/)
    expect(out).not.toContain('<script')
    expect(out).toContain('<p>Hi</p>')
  })

  it("rewrites foliate's section data, leaves images alone", async () => {
    const section = { data: xhtml as unknown, type: 'application/xhtml+xml' }
    stripScriptsFromContent(new CustomEvent('data', { detail: section }))
    expect(await section.data).not.toContain('<script')
    const image = { data: 'PNGDATA' as unknown, type: 'image/png' }
    stripScriptsFromContent(new CustomEvent('data', { detail: image }))
    expect(image.data).toBe('PNGDATA')
  })
})

describe('reader settings become the book style', () => {
  it('theme colours, font, scale, spacing and boldness', () => {
    const css = bookCss({
      theme: 'sepia',
      font: 'sans-serif',
      fontScale: 150,
      lineSpacing: 200,
      textStroke: 50,
      spread: 'auto',
      flow: 'paginated',
    })
    expect(css).toContain('background: #f4ecd8 !important')
    expect(css).toContain('font-size: 150% !important')
    expect(css).toContain('line-height: 2 !important')
    expect(css).toMatch(/font-family: [^;]*sans-serif !important/)
    expect(css).toContain('-webkit-text-stroke: 0.50px')
    expect(
      bookCss({
        theme: 'dark',
        font: 'serif',
        fontScale: 100,
        lineSpacing: 115,
        textStroke: 0,
        spread: 'auto',
        flow: 'paginated',
      }),
    ).toContain('-webkit-text-stroke: 0;')
  })

  it('spread none shows one column, auto up to two; flow pages or scrolls', () => {
    const base = { theme: 'dark', font: 'serif', fontScale: 100, lineSpacing: 115, textStroke: 0 } as const
    expect(layoutAttributes({ ...base, spread: 'none', flow: 'paginated' })['max-column-count']).toBe('1')
    expect(layoutAttributes({ ...base, spread: 'auto', flow: 'paginated' })['max-column-count']).toBe('2')
    expect(layoutAttributes({ ...base, spread: 'auto', flow: 'paginated' }).flow).toBe('paginated')
    expect(layoutAttributes({ ...base, spread: 'auto', flow: 'scrolled' }).flow).toBe('scrolled')
  })
})
