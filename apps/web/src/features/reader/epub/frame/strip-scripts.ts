const MARKUP_TYPES = ['application/xhtml+xml', 'text/html', 'image/svg+xml'] as const
type MarkupType = (typeof MARKUP_TYPES)[number]

/**
 * A book's markup without <script> elements and on* handler attributes. The section frames' sandbox and the
 * frame's CSP already keep them from running; removing them too keeps that true should either ever be missing,
 * and spares the console a report per blocked script.
 */
export function stripScripts(markup: string, type: MarkupType): string {
  const doc = new DOMParser().parseFromString(markup, type)
  if (doc.querySelector('parsererror')) return markup.replace(/<script[\s\S]*?<\/script\s*>/gi, '')
  for (const script of doc.querySelectorAll('script')) script.remove()
  for (const el of doc.querySelectorAll('*')) {
    for (const attr of [...el.attributes]) if (/^on/i.test(attr.name)) el.removeAttribute(attr.name)
  }
  if (type === 'text/html') return `<!DOCTYPE html>\n${doc.documentElement.outerHTML}`
  return new XMLSerializer().serializeToString(doc)
}

/** foliate's transformTarget 'data' listener: strips scripts from every section and SVG as it loads. */
export function stripScriptsFromContent(event: Event) {
  const detail = (event as CustomEvent<{ data: unknown; type: unknown }>).detail
  const type = MARKUP_TYPES.find((t) => t === detail.type)
  if (!type) return
  detail.data = Promise.resolve(detail.data).then((data) =>
    typeof data === 'string' ? stripScripts(data, type) : data,
  )
}
