import { describe, expect, it } from 'vitest'
import { HOSTILE_MARKUP } from '../test-support/hostile-markup.ts'
import { sanitizeDescription } from './sanitize-description.ts'

describe('sanitizeDescription', () => {
  it('keeps the allowlist: paragraphs, breaks, emphasis, lists and http(s) links', () => {
    const html =
      '<p>One <b>two</b> <i>three</i> <em>four</em> <strong>five</strong><br>six</p>' +
      '<ul><li>a</li></ul><ol><li>b</li></ol><a href="https://example.com/x?a=1">link</a> <a href="http://e.org">e</a>'
    expect(sanitizeDescription(html)).toBe(
      '<p>One <b>two</b> <i>three</i> <em>four</em> <strong>five</strong><br />six</p>' +
        '<ul><li>a</li></ul><ol><li>b</li></ol><a href="https://example.com/x?a=1">link</a> <a href="http://e.org">e</a>',
    )
  })

  it('removes event handlers, scripts, styles and every other tag, keeping their text', () => {
    expect(sanitizeDescription('<img src=x onerror=alert(1)>')).toBeNull()
    expect(sanitizeDescription('before<script>alert(1)</script>after')).toBe('beforeafter')
    expect(sanitizeDescription('<style>p{color:red}</style>text')).toBe('text')
    expect(sanitizeDescription('<p onclick="x" class="c" style="color:red">ok</p>')).toBe('<p>ok</p>')
    expect(sanitizeDescription('<div><h1>Title</h1><span>kept</span></div>')).toBe('Titlekept')
    expect(sanitizeDescription('<svg onload=alert(1)><script>x</script></svg>t')).toBe('t')
    expect(sanitizeDescription('<iframe src="https://e.com">inside</iframe>t')).toBe('t')
    expect(sanitizeDescription('<a href="https://e.com" onclick="x" target="_blank" rel="x">l</a>')).toBe(
      '<a href="https://e.com">l</a>',
    )
  })

  it('keeps a link only with an absolute http(s) URL; otherwise its text stays', () => {
    for (const href of [
      'javascript:alert(1)',
      ' JaVaScRiPt:alert(1)',
      'java&#x09;script:alert(1)',
      'data:text/html,<b>x</b>',
      '/relative',
      '//evil.example',
      'mailto:a@b.c',
      'ftp://e.com',
      '',
    ]) {
      expect(sanitizeDescription(`<a href="${href}">x</a>`)).toBe('x')
      expect(sanitizeDescription(`<a href="${href}">x</a><p>ok</p><a href="https://e.com">l</a>`)).toBe(
        'x<p>ok</p><a href="https://e.com">l</a>',
      )
    }
  })

  it('keeps text without markup as it is, and escapes stray angle brackets in markup', () => {
    expect(sanitizeDescription('Tom & Jerry\nline two')).toBe('Tom & Jerry\nline two')
    expect(sanitizeDescription('&lt;script&gt; stays text')).toBe('&lt;script&gt; stays text')
    expect(sanitizeDescription('1 < 2 <b>&</b>')).toBe('1 &lt; 2 <b>&amp;</b>')
    expect(sanitizeDescription('   ')).toBeNull()
    expect(sanitizeDescription(null)).toBeNull()
  })

  it('is idempotent, so saving a description again never changes it', () => {
    for (const html of [
      '<p>unclosed',
      '<<p>>',
      '<a href="https://e.com/?a=1&b=2">q</a>',
      '<b><i>x</b></i>',
      'a &amp; b <br/>',
    ]) {
      const once = sanitizeDescription(html)
      expect(sanitizeDescription(once)).toBe(once)
    }
  })

  it('leaves nothing hostile in known XSS vectors', () => {
    const vectors = [
      '<IMG SRC="javascript:alert(1);">',
      '<a href="jav&#x09;ascript:alert(1)">x</a>',
      '<body onload=alert(1)>',
      '<<script>script>alert(1)<</script>/script>',
      '<scr<script>ipt>alert(1)</script>',
      '<math><mtext><table><mglyph><style><img src=x onerror=alert(1)>',
      '<noscript><p title="</noscript><img src=x onerror=alert(1)>">',
      '<a href="data:text/html;base64,PHNjcmlwdD5hbGVydCgxKTwvc2NyaXB0Pg==">x</a>',
      '<p style="background:url(javascript:alert(1))">x</p>',
    ]
    for (const v of vectors) expect(sanitizeDescription(v) ?? '').not.toMatch(HOSTILE_MARKUP)
  })

  it('bounds its input', () => {
    const out = sanitizeDescription('<p>' + 'x'.repeat(300_000) + '</p>')
    expect(out?.length).toBeLessThan(200_010)
  })
})
