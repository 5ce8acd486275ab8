import type { CastFrameworkNamespace, CastSenderApi, ChromeCastNamespace } from './cast-sender-api.ts'

/*
 * The Cast SDK's loader and the checks around it, apart from the connection and its backend: the app bar's
 * launcher needs only these, so the rest stays out of the first load (cast-setup.ts fetches it with the SDK).
 */

export const CAST_SENDER_URL = 'https://www.gstatic.com/cv/js/sender/v1/cast_sender.js?loadCastFramework=1'

/** Spec §9 cast codecs (opus, mp3, aac, flac, webma, wav) as the MIME types the server compares. */
export const CAST_MIME_TYPES = [
  'audio/ogg',
  'audio/mpeg',
  'audio/aac',
  'audio/flac',
  'audio/webm',
  'audio/wav',
]

/** What the loader needs of a window: where the SDK announces itself and how to add its script. */
export interface CastHostWindow {
  isSecureContext: boolean
  location: { protocol: string }
  document: {
    createElement(tag: 'script'): { src: string; async: boolean; onerror: unknown }
    head: { append(node: never): void }
  }
  __onGCastApiAvailable?: (available: boolean) => void
  cast?: { framework?: CastFrameworkNamespace }
  chrome?: { cast?: ChromeCastNamespace }
}

/**
 * Whether this browser could cast at all: the Cast SDK runs in Chromium browsers only, which define
 * `window.chrome`. Elsewhere the app bar shows no cast button, not even the insecure-page warning.
 */
export function castCapableBrowser(win: Pick<CastHostWindow, 'chrome'>): boolean {
  return win.chrome !== undefined
}

/** The sender SDK only works on a secure page; elsewhere the launcher explains why casting is off. */
export function castAllowed(win: Pick<CastHostWindow, 'isSecureContext' | 'location'>): boolean {
  return win.isSecureContext && win.location.protocol === 'https:'
}

/** Loads the Cast sender SDK once; null where casting is not allowed or the browser has no Cast. */
export function loadCastSender(win: CastHostWindow): Promise<CastSenderApi | null> {
  if (!castAllowed(win)) return Promise.resolve(null)
  return new Promise((resolve) => {
    win.__onGCastApiAvailable = (available) => {
      const framework = win.cast?.framework
      const chromeCast = win.chrome?.cast
      resolve(available && framework && chromeCast ? { framework, chromeCast } : null)
    }
    const script = win.document.createElement('script')
    script.src = CAST_SENDER_URL
    script.async = true
    script.onerror = () => resolve(null)
    win.document.head.append(script as never)
  })
}
