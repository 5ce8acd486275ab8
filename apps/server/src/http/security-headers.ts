import helmet from '@fastify/helmet'
import type { FastifyInstance } from 'fastify'

/** The Google Cast Web Sender SDK (loaded by the player on https pages) and the framework script it loads. */
const CAST_SDK_ORIGIN = 'https://www.gstatic.com'

/**
 * The Content-Security-Policy of every answer. The web client is a Vite build with no inline script;
 * what each source beyond 'self' is for:
 * - script-src: the Cast sender SDK; 'wasm-unsafe-eval' compiles WebAssembly only (never eval), for the
 *   ebook reader's decoders (pdf.js image codecs, libarchive.js for CBR).
 * - worker-src blob: hls.js starts its transmuxing worker from a blob URL; pdf.js's worker and the app's
 *   service worker (sw.js) are served by us.
 * - manifest-src: the installable app's manifest.webmanifest, ours only.
 * - media-src blob: hls.js plays through Media Source Extensions (a blob: URL on the <audio>).
 * - img-src data: blob: http: https: covers are ours, but match results, podcast search and feed artwork
 *   show the providers' and feeds' own image URLs (some feeds are plain http); images cannot run code.
 * - style-src 'unsafe-inline': inline styles of the app's widgets and of what the readers draw; styles run
 *   no code. (EPUB/MOBI books render under the reader frame's own policy, READER_FRAME_CSP below.)
 * - font-src/frame-src/connect-src blob: data: the reader's book fonts, book frames and resources it
 *   reads back from blob URLs. Book content gets no script source: scripts in books stay blocked.
 * No upgrade-insecure-requests: many servers answer plain http on a LAN, where it would break every load.
 */
export const CONTENT_SECURITY_POLICY = {
  defaultSrc: ["'self'"],
  scriptSrc: ["'self'", CAST_SDK_ORIGIN, "'wasm-unsafe-eval'"],
  scriptSrcAttr: ["'none'"],
  workerSrc: ["'self'", 'blob:'],
  manifestSrc: ["'self'"],
  styleSrc: ["'self'", "'unsafe-inline'"],
  imgSrc: ["'self'", 'data:', 'blob:', 'http:', 'https:'],
  mediaSrc: ["'self'", 'blob:'],
  fontSrc: ["'self'", 'data:', 'blob:'],
  connectSrc: ["'self'", 'blob:', 'data:'],
  frameSrc: ["'self'", 'blob:'],
  objectSrc: ["'none'"],
  baseUri: ["'self'"],
  formAction: ["'self'"],
  frameAncestors: ["'self'"],
}

/** The ebook reader's frame page (the web client's public/reader-frame.html). */
export const READER_FRAME_FILE = 'reader-frame.html'

/**
 * The policy of the ebook reader's frame, instead of the app's. The frame runs foliate-js; each book section is
 * a blob: document inside it that inherits this policy. Nothing may come from the network: images, fonts,
 * styles, media and frames from blob:/data: only, so a book's external resources are never fetched (the app's
 * own policy allows http(s) images). Scripts: the frame's own file only, never a book's inline or blob: script.
 */
export const READER_FRAME_CSP = [
  "default-src 'none'",
  "script-src 'self'",
  "style-src 'unsafe-inline' blob: data:",
  'img-src blob: data:',
  'font-src blob: data:',
  'media-src blob: data:',
  'connect-src blob: data:',
  'frame-src blob:',
  "object-src 'none'",
  "base-uri 'none'",
  "form-action 'none'",
  "frame-ancestors 'self'",
].join('; ')

/**
 * Security headers on every answer (HTML, API, files). Left out on purpose: Cross-Origin-Resource-Policy
 * (Audiobookshelf's web apps on other origins load our covers and audio in <img>/<audio>), COEP (the same),
 * and HSTS (whether the server is https-only is the reverse proxy's decision, and includeSubDomains would
 * reach the owner's other sites). Referrer-Policy is strict-origin-when-cross-origin, not no-referrer: under
 * no-referrer a browser sends `Origin: null` on the app's own POSTs, which the refresh cookie's
 * same-origin check must refuse; other sites still see only our origin, never a path or a ?token=.
 */
export async function installSecurityHeaders(
  app: FastifyInstance,
  opts: { allowIframe?: () => Promise<boolean> } = {},
) {
  await app.register(helmet, {
    contentSecurityPolicy: { useDefaults: false, directives: CONTENT_SECURITY_POLICY },
    crossOriginResourcePolicy: false,
    crossOriginEmbedderPolicy: false,
    strictTransportSecurity: false,
    referrerPolicy: { policy: 'strict-origin-when-cross-origin' },
    xFrameOptions: { action: 'sameorigin' },
  })
  // The server setting "allow iframe" (off by default, as in Audiobookshelf): other sites may then frame the
  // web client. Read per answer, so a change applies at once. The reader frame keeps its own 'self'.
  const allowIframe = opts.allowIframe
  if (!allowIframe) return
  app.addHook('onSend', async (_request, reply, payload) => {
    if (!(await allowIframe())) return payload
    reply.removeHeader('x-frame-options')
    const csp = reply.getHeader('content-security-policy')
    if (typeof csp === 'string' && csp !== READER_FRAME_CSP)
      reply.header('content-security-policy', csp.replace("frame-ancestors 'self'", 'frame-ancestors *'))
    return payload
  })
}
