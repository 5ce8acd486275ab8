import { readFrameMessage, type FrameToHost, type HostToFrame } from './frame-protocol.ts'

/** The frame page, relative to the app's <base href> (so it follows ROUTER_BASE_PATH). */
export function readerFrameUrl(): string {
  return new URL('reader-frame.html', document.baseURI).href
}

/**
 * The app's side of the reader frame, where foliate-js renders the book.
 *
 * Why the frame is same-origin and book scripts never run: foliate lays out each section in an iframe whose
 * DOM it must reach. Inside a frame sandboxed without allow-same-origin, every nested frame gets a fresh opaque
 * origin, so foliate cannot reach its sections there (checked in Chromium: contentDocument is null). So the
 * frame shares our origin and the book is kept inert instead: its section frames are sandboxed without
 * allow-scripts (vite-reader-frame.ts), the frame's CSP (served by the server) allows no book script and no
 * network at all, and scripts and on* handlers are stripped from the markup (frame/strip-scripts.ts). A book
 * therefore never runs code, whatever the library's epubsAllowScriptedContent says, and fetches nothing.
 *
 * The frame says `ready` through window.postMessage; we accept it only from this iframe's window and our own
 * origin, then hand over the book and a private MessagePort: everything after goes over the port.
 */
export class ReaderFrameHost {
  #port: MessagePort | null = null
  #readyWaiters: (() => void)[] = []
  #ready = false
  #disposed = false

  private readonly iframe: HTMLIFrameElement
  private readonly onMessage: (message: FrameToHost) => void

  constructor(iframe: HTMLIFrameElement, onMessage: (message: FrameToHost) => void) {
    this.iframe = iframe
    this.onMessage = onMessage
    window.addEventListener('message', this.#onWindowMessage)
  }

  #onWindowMessage = (event: MessageEvent) => {
    if (event.source !== this.iframe.contentWindow || event.origin !== window.location.origin) return
    if (readFrameMessage(event.data)?.type !== 'ready' || this.#ready) return
    this.#ready = true
    for (const resolve of this.#readyWaiters.splice(0)) resolve()
  }

  /** Resolves once the frame's script runs (never, if it cannot: the body's timeout reports that). */
  whenReady(): Promise<void> {
    if (this.#ready) return Promise.resolve()
    return new Promise((resolve) => this.#readyWaiters.push(resolve))
  }

  /** Opens the book; the ArrayBuffer is transferred, not copied (it is detached here afterwards). */
  open(message: Extract<HostToFrame, { type: 'open' }>) {
    const frameWindow = this.iframe.contentWindow
    if (this.#disposed || this.#port || !frameWindow) return
    const channel = new MessageChannel()
    this.#port = channel.port1
    this.#port.onmessage = (event) => {
      const message = readFrameMessage(event.data)
      if (message && message.type !== 'ready') this.onMessage(message)
    }
    frameWindow.postMessage(message, window.location.origin, [channel.port2, message.book])
  }

  send(message: Exclude<HostToFrame, { type: 'open' }>) {
    this.#port?.postMessage(message)
  }

  dispose() {
    this.#disposed = true
    window.removeEventListener('message', this.#onWindowMessage)
    this.#port?.close()
    this.#port = null
    this.#readyWaiters = []
  }
}
