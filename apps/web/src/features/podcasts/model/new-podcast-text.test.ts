import { describe, expect, it } from 'vitest'
import { feedPlainText } from './new-podcast-text.ts'

describe('feedPlainText', () => {
  it('drops tags, scripts and styles and keeps paragraphs as lines', () => {
    expect(
      feedPlainText(
        '<p>Hello <b>world</b></p><script>alert(1)</script><style>p{}</style><p>Line<br/>two</p>',
      ),
    ).toBe('Hello world\nLine\ntwo')
    expect(feedPlainText('<img src=x onerror="alert(1)">Safe')).toBe('Safe')
  })

  it('decodes common entities once (an encoded tag stays text)', () => {
    expect(feedPlainText('Tom &amp; Jerry &#8212; &#x2764; &lt;b&gt;&nbsp;x &bogus;')).toBe(
      'Tom & Jerry — ❤ <b> x &bogus;',
    )
  })

  it('answers empty for nothing', () => {
    expect(feedPlainText(null)).toBe('')
    expect(feedPlainText('   ')).toBe('')
  })
})
