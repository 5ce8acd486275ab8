import fs from 'node:fs'
import path from 'node:path'
import fastifyStatic from '@fastify/static'
import type { FastifyInstance, FastifyRequest } from 'fastify'
import { contentTypeOf } from '../files/media-types.ts'
import { READER_FRAME_CSP, READER_FRAME_FILE } from './security-headers.ts'

/** Paths that belong to the server, never to the single-page app (whole segments: `/api` and `/api/...`). */
const serverPrefixes = ['/api', '/auth', '/public', '/hls', '/feed', '/socket.io']
const isServerPath = (p: string) =>
  serverPrefixes.some((prefix) => p === prefix || p.startsWith(`${prefix}/`))

/** Marks requests that arrived under ROUTER_BASE_PATH, so the client is told its base. */
export const viaBasePath = new WeakSet<object>()

/**
 * Serves the built web client through @fastify/static and answers every other GET with index.html
 * (client-side routes). index.html's `<base href>` is rewritten to the base path the request came through.
 * One wildcard route decides what a path is (a server path, a traversal, a file, a client route); the plugin
 * sends the files (ETag, Last-Modified, 304, byte ranges).
 */
export async function registerClientFiles(app: FastifyInstance, distPath: string, basePath: string) {
  const root = path.resolve(distPath)
  const indexFile = path.join(root, 'index.html')
  let indexTemplate: string | null = null
  const readIndex = () => {
    if (indexTemplate === null && fs.existsSync(indexFile)) indexTemplate = fs.readFileSync(indexFile, 'utf8')
    return indexTemplate
  }

  const sendIndex = (request: FastifyRequest) => {
    const template = readIndex()
    if (!template) return null
    const base = viaBasePath.has(request.raw) ? `${basePath}/` : '/'
    return template.replace(/<base href="[^"]*"\s*\/?>/, `<base href="${base}" />`)
  }

  await app.register(fastifyStatic, {
    root,
    // No routes of its own: the wildcard below picks the file, so server paths never reach the plugin.
    serve: false,
    index: false,
    dotfiles: 'ignore',
    // The build may not exist yet (tests, a fresh checkout): the fallback below explains that.
    suppressWarning: true,
    setHeaders(reply, file) {
      // Vite fingerprints everything under assets/, so those never change.
      const immutable = path.relative(root, file).startsWith(`assets${path.sep}`)
      reply.header('content-type', contentTypeOf(file))
      reply.header('x-content-type-options', 'nosniff')
      reply.header('cache-control', immutable ? 'public, max-age=31536000, immutable' : 'no-cache')
    },
  })

  app.get('/*', { config: { access: 'public' } }, async (request, reply) => {
    const urlPath = decodeURIComponentSafe(request.url.split('?')[0] ?? '/')
    // A `..` segment (after decoding, either slash) is a traversal attempt: refused, not answered with the app.
    if (urlPath === null || isServerPath(urlPath) || urlPath.split(/[\\/]/).includes('..')) {
      return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    }
    const file = path.resolve(root, `.${urlPath}`)
    const rel = path.relative(root, file)
    const inside = rel !== '' && !rel.startsWith('..') && !path.isAbsolute(rel)
    if (inside && rel !== 'index.html') {
      const stat = await fs.promises.stat(file).catch(() => null)
      // The reader frame gets its own, stricter policy (no network at all for book content).
      if (stat?.isFile() && rel === READER_FRAME_FILE)
        reply.header('content-security-policy', READER_FRAME_CSP)
      if (stat?.isFile()) return reply.sendFile(rel.split(path.sep).map(encodeURIComponent).join('/'))
      if (path.extname(urlPath) !== '')
        return reply.code(404).type('text/plain; charset=utf-8').send('Not found')
    }
    const html = sendIndex(request)
    if (html === null) {
      return reply
        .code(503)
        .type('text/plain; charset=utf-8')
        .send('The web client is not built. Run the start command from the README.')
    }
    return reply.type('text/html; charset=utf-8').header('cache-control', 'no-cache').send(html)
  })
}

function decodeURIComponentSafe(s: string): string | null {
  try {
    const decoded = decodeURIComponent(s)
    return decoded.includes('\0') ? null : decoded
  } catch {
    return null
  }
}
