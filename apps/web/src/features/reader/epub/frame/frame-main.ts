import 'foliate-js/view.js'
import type { FoliateTocItem, FoliateView } from 'foliate-js/view.js'
import {
  readHostMessage,
  type FrameStyle,
  type FrameToHost,
  type HostToFrame,
  type SearchChapter,
  type TocEntry,
} from '../frame-protocol.ts'
import { isTouchIgnored, swipeDirection } from '../swipe-rules.ts'
import { THEME_COLOURS, bookCss, layoutAttributes } from './book-style.ts'
import { BookOpenError, openBook } from './open-book.ts'
import { stripScriptsFromContent } from './strip-scripts.ts'

/**
 * The reader frame (dist/reader-frame.js, loaded by public/reader-frame.html): foliate-js renders the book here,
 * under a CSP that runs no book script and fetches nothing from the network (see frame-host.ts). It talks to
 * the app only through the MessagePort the app hands over with `open`.
 */

let port: MessagePort | null = null
let view: FoliateView | null = null
let searchRun = 0

const send = (message: FrameToHost) => port?.postMessage(message)

/**
 * Page turns run one after another: foliate ignores a turn asked while the previous one is still settling, so
 * quick key presses or clicks would be lost. A few wait their turn; more than that are dropped (a held key).
 */
let turning: Promise<unknown> = Promise.resolve()
let waitingTurns = 0
function queueTurn(turn: () => Promise<unknown>) {
  if (waitingTurns >= 3) return
  waitingTurns++
  turning = turning
    .then(turn)
    .catch(() => {})
    .finally(() => waitingTurns--)
}

const toEntries = (items: FoliateTocItem[] | null | undefined, depth = 0): TocEntry[] =>
  depth > 8 || !Array.isArray(items)
    ? []
    : items.map((item) => ({
        label: typeof item.label === 'string' ? item.label.trim() : '',
        href: typeof item.href === 'string' ? item.href : '',
        subitems: toEntries(item.subitems, depth + 1),
      }))

function applyStyle(next: FrameStyle) {
  const { background } = THEME_COLOURS[next.theme]
  document.documentElement.style.background = background
  document.body.style.background = background
  if (!view?.renderer) return
  for (const [name, value] of Object.entries(layoutAttributes(next))) view.renderer.setAttribute(name, value)
  view.renderer.setStyles(bookCss(next))
}

/**
 * Page-turn and close keys pressed inside the book, and swipes on it (spec §9 rules, model/swipe.ts), go to the
 * app as keys: its overlay owns the hotkeys, and never sees events inside frames.
 */
function forwardInput(target: Document) {
  target.addEventListener('keydown', (event) => {
    if (event.key === 'ArrowLeft' || event.key === 'ArrowRight' || event.key === 'Escape') {
      event.preventDefault()
      send({ type: 'key', key: event.key })
    }
  })
  let start: { x: number; y: number; ms: number } | null = null
  let previousStartMs: number | null = null
  target.addEventListener(
    'touchstart',
    (event) => {
      const ignored = isTouchIgnored(previousStartMs, event.timeStamp)
      previousStartMs = event.timeStamp
      const touch = event.touches[0]
      start =
        ignored || event.touches.length > 1 || !touch
          ? null
          : { x: touch.clientX, y: touch.clientY, ms: event.timeStamp }
    },
    { passive: true },
  )
  target.addEventListener(
    'touchend',
    (event) => {
      const touch = event.changedTouches[0]
      if (!start || !touch) return
      const direction = swipeDirection({
        startX: start.x,
        startY: start.y,
        startMs: start.ms,
        endX: touch.clientX,
        endY: touch.clientY,
        endMs: event.timeStamp,
      })
      start = null
      if (direction) send({ type: 'key', key: direction === 'next' ? 'ArrowRight' : 'ArrowLeft' })
    },
    { passive: true },
  )
}

async function open(message: Extract<HostToFrame, { type: 'open' }>) {
  try {
    const book = await openBook(message.book, message.fileName)
    book.transformTarget?.addEventListener('data', stripScriptsFromContent)
    const element = document.createElement('foliate-view') as FoliateView
    element.style.cssText = 'display:block;width:100%;height:100%'
    document.body.append(element)
    view = element
    element.addEventListener('relocate', (event) => {
      const detail = (event as CustomEvent<{ cfi?: string; fraction?: number }>).detail
      if (typeof detail.cfi !== 'string') return
      send({
        type: 'relocate',
        cfi: detail.cfi,
        fraction: detail.fraction ?? 0,
        atEnd: element.renderer.atEnd,
      })
    })
    element.addEventListener('load', (event) => {
      const { doc } = (event as CustomEvent<{ doc: Document }>).detail
      forwardInput(doc)
    })
    await element.open(book)
    applyStyle(message.style)
    send({ type: 'opened', toc: toEntries(book.toc) })
    // showTextStart: foliate's other start (a page turn before any section is shown) leaves its paginator
    // locked. A saved location this book does not have falls back to the start as well.
    await element.init({ lastLocation: message.initialLocation, showTextStart: true })
  } catch (error) {
    send({ type: 'error', code: error instanceof BookOpenError ? error.code : 'damaged' })
  }
}

async function search(id: number, query: string) {
  if (!view) return
  const run = ++searchRun
  const chapters: SearchChapter[] = []
  for await (const result of view.search({ query })) {
    if (run !== searchRun) return
    if (result === 'done') break
    if ('subitems' in result) {
      chapters.push({
        label: result.label,
        hits: result.subitems.slice(0, 50).map(({ cfi, excerpt }) => ({ cfi, excerpt })),
      })
      send({ type: 'searchResults', id, chapters, done: false })
    }
  }
  if (run === searchRun) send({ type: 'searchResults', id, chapters, done: true })
}

function handle(message: HostToFrame) {
  switch (message.type) {
    case 'open':
      void open(message)
      break
    case 'next':
      if (view) queueTurn(view.next.bind(view))
      break
    case 'prev':
      if (view) queueTurn(view.prev.bind(view))
      break
    case 'goTo':
      void view?.goTo(message.target)
      break
    case 'search':
      void search(message.id, message.query).catch(() =>
        send({ type: 'searchResults', id: message.id, chapters: [], done: true }),
      )
      break
    case 'clearSearch':
      searchRun++
      view?.clearSearch()
      break
    case 'setStyle':
      applyStyle(message.style)
      break
  }
}

// Only the app (our parent, our origin) may hand over the port, and only once.
window.addEventListener('message', (event) => {
  if (port || event.source !== window.parent || event.origin !== window.location.origin) return
  if (event.ports.length !== 1) return
  const message = readHostMessage(event.data)
  if (message?.type !== 'open') return
  port = event.ports[0]!
  port.onmessage = (portEvent) => {
    const next = readHostMessage(portEvent.data)
    if (next && next.type !== 'open') handle(next)
  }
  handle(message)
})

forwardInput(document)
window.parent.postMessage({ type: 'ready' } satisfies FrameToHost, window.location.origin)
