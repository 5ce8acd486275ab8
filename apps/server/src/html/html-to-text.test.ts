import { describe, expect, it } from 'vitest'
import { htmlToText } from './html-to-text.ts'

describe('the plain-text twin of a description', () => {
  it('reduces HTML descriptions to text: tags and script bodies gone, breaks kept, entities decoded', () => {
    expect(
      htmlToText(
        '<p>One &amp; two<br/>three</p><script>alert(1)</script><p>&#8220;Four&#x201D; &nbsp;&lt;b&gt;</p>',
      ),
    ).toBe('One & two\nthree\n“Four”  <b>')
    expect(htmlToText('<img src=x onerror=alert(1)>')).toBeNull()
    expect(htmlToText('a<br />b<script type="text/javascript">x()</script ><style>p{}</style>c</p >d')).toBe(
      'a\nbc\nd',
    )
    expect(htmlToText('1 < 2 and 3 > 2, <<ok>>')).toBe('1 < 2 and 3 > 2, <>')
    expect(htmlToText('kept<script>never closed')).toBe('kept')
    expect(htmlToText('&#xD800; &#99999999; &bogus;')).toBe('&#xD800; &#99999999; &bogus;')
    expect(htmlToText(null)).toBeNull()
  })

  it('strips markup in linear time, whatever the input', () => {
    const started = performance.now()
    for (const hostile of [
      '<'.repeat(80_000),
      '<a'.repeat(40_000),
      '<script'.repeat(10_000),
      ' '.repeat(80_000) + 'x',
    ])
      htmlToText(hostile)
    // Linear is milliseconds; a quadratic pass over these 80,000 characters takes minutes. The ceiling is only
    // that far apart, so a busy machine cannot reach it.
    expect(performance.now() - started).toBeLessThan(5000)
  })
})
