import { describe, expect, it } from 'vitest'
import {
  looksLikeHtml,
  parseDescription,
  safeHref,
  splitTimestamps,
  type DescriptionNode,
} from './description.ts'

/** Every link and text of a tree, flattened, to check nothing unsafe survives. */
function flatten(nodes: DescriptionNode[]): string[] {
  return nodes.flatMap((node) => {
    switch (node.kind) {
      case 'text':
      case 'timestamp':
        return [node.text]
      case 'br':
        return ['<br>']
      case 'link':
        return [`[${node.href}]`, ...flatten(node.children)]
      default:
        return [`<${node.kind}>`, ...flatten(node.children)]
    }
  })
}

describe('episode description', () => {
  it('keeps paragraphs, breaks, bold, italic and safe links', () => {
    const nodes = parseDescription(
      '<p>Hello <b>bold</b> and <em>it</em><br>next <a href="https://example.com/x" onclick="x()">site</a></p>',
    )
    expect(nodes).toEqual([
      {
        kind: 'p',
        children: [
          { kind: 'text', text: 'Hello ' },
          { kind: 'strong', children: [{ kind: 'text', text: 'bold' }] },
          { kind: 'text', text: ' and ' },
          { kind: 'em', children: [{ kind: 'text', text: 'it' }] },
          { kind: 'br' },
          { kind: 'text', text: 'next ' },
          { kind: 'link', href: 'https://example.com/x', children: [{ kind: 'text', text: 'site' }] },
        ],
      },
    ])
  })

  it('drops scripts, styles, images with onerror and javascript: or data: links', () => {
    const nodes = parseDescription(
      '<script>window.__pwned = 1</script><style>p{}</style><img src=x onerror="window.__pwned=2">' +
        '<p onmouseover="bad()">ok <a href="javascript:alert(1)">js</a> <a href=" JaVa&#x09;script:alert(1)">tab</a>' +
        ' <a href="data:text/html,hi">data</a> <a href="/relative">rel</a> <iframe></iframe></p>',
    )
    const flat = flatten(nodes)
    expect(flat.join('')).toBe('<p>ok js tab data rel ')
    expect(flat.some((part) => part.startsWith('['))).toBe(false)
    expect((window as unknown as { __pwned?: number }).__pwned).toBeUndefined()
  })

  it('accepts only absolute http(s) and mailto addresses', () => {
    expect(safeHref('https://a.test/p?q=1')).toBe('https://a.test/p?q=1')
    expect(safeHref('mailto:me@a.test')).toBe('mailto:me@a.test')
    expect(safeHref('javascript:alert(1)')).toBeNull()
    expect(safeHref('vbscript:x')).toBeNull()
    expect(safeHref('//a.test')).toBeNull()
    expect(safeHref(null)).toBeNull()
  })

  it('unwraps unknown markup and keeps lists', () => {
    const nodes = parseDescription('<ul><li>one</li> <li><span>two</span></li></ul><font>plain</font>')
    expect(flatten(nodes)).toEqual(['<ul>', '<li>', 'one', '<li>', 'two', 'plain'])
  })

  it('keeps the line breaks of plain text, blank lines parting paragraphs', () => {
    expect(flatten(parseDescription('First line\nsecond &amp; more\n\nNew paragraph'))).toEqual([
      '<p>',
      'First line',
      '<br>',
      'second & more',
      '<p>',
      'New paragraph',
    ])
    expect(parseDescription(null)).toEqual([])
    expect(parseDescription('   ')).toEqual([])
  })

  it('finds time stamps as h:mm:ss and m:ss, but not inside other numbers or links', () => {
    expect(splitTimestamps('Intro 0:45, guest at 12:34 and outro 1:02:03.')).toEqual([
      { kind: 'text', text: 'Intro ' },
      { kind: 'timestamp', text: '0:45', seconds: 45 },
      { kind: 'text', text: ', guest at ' },
      { kind: 'timestamp', text: '12:34', seconds: 754 },
      { kind: 'text', text: ' and outro ' },
      { kind: 'timestamp', text: '1:02:03', seconds: 3723 },
      { kind: 'text', text: '.' },
    ])
    // Not times: bad seconds, minutes past 59 after hours, a longer run, a ratio in a link.
    expect(splitTimestamps('12:75 1:75:00 1:2:3:4 123:45').every((n) => n.kind === 'text')).toBe(true)
    const linked = parseDescription('<p><a href="https://a.test">at 10:00</a> then 10:00</p>')
    expect(flatten(linked)).toEqual(['<p>', '[https://a.test/]', 'at 10:00', ' then ', '10:00'])
    const link = (linked[0] as { children: DescriptionNode[] }).children
    expect(link.filter((n) => n.kind === 'timestamp')).toHaveLength(1)
  })

  it('leaves stamps past the episode duration as text', () => {
    const nodes = splitTimestamps('at 5:00 and 50:00', 600)
    expect(nodes.filter((n) => n.kind === 'timestamp')).toEqual([
      { kind: 'timestamp', text: '5:00', seconds: 300 },
    ])
  })
})

describe('looksLikeHtml', () => {
  it('tells markup and entities from plain text', () => {
    expect(looksLikeHtml('<p>Notes</p>')).toBe(true)
    expect(looksLikeHtml('Fish &amp; chips')).toBe(true)
    expect(looksLikeHtml('Line one\nLine two, 3 < 4 and 5 > 2')).toBe(false)
  })
})
