/** What no stored or served description may hold: an event handler, a script, a javascript: or data: URL. */
export const HOSTILE_MARKUP = /\son[a-z]+\s*=|<script|javascript:|data:/i

/** A description as a hostile feed, file or client writes it: four attacks around a paragraph and a real link. */
export const HOSTILE_DESCRIPTION =
  '<img src=x onerror=alert(1)><script>alert(1)</script><a href="javascript:alert(1)">x</a>' +
  '<p onclick="x">ok</p><a href="https://example.com">link</a>'

/** HOSTILE_DESCRIPTION as it is stored and served: the dead link's text, the paragraph and the link. */
export const HOSTILE_DESCRIPTION_SANITISED = 'x<p>ok</p><a href="https://example.com">link</a>'
