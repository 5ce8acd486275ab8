import type { FastifyInstance, FastifyRequest } from 'fastify'

type Done = (err: Error | null, body?: unknown) => void

/**
 * Request bodies as Audiobookshelf's clients send them (its server is Express with JSON and form parsers):
 * an empty body means "no body" whatever its content type (its web client posts `/api/authorize` and a
 * session's close form-encoded and empty); form-encoded fields are read like JSON ones (form logins); a body
 * of any other type is ignored rather than refused, so a route whose body is optional answers as without one
 * and a route that needs one says what is missing. Multipart uploads keep their own parser.
 */
export function installBodyParsers(app: FastifyInstance) {
  const json = app.getDefaultJsonParser('error', 'error')
  app.removeContentTypeParser(['application/json', 'text/plain'])
  app.addContentTypeParser(
    'application/json',
    { parseAs: 'string' },
    (request: FastifyRequest, body: string | Buffer, done: Done) => {
      if (isBlank(body)) return done(null, undefined)
      // Fastify's default parser answers through `done` (its Promise type covers async parsers only).
      void json(request, String(body), done)
    },
  )
  app.addContentTypeParser(
    'application/x-www-form-urlencoded',
    { parseAs: 'string' },
    (_request: FastifyRequest, body: string | Buffer, done: Done) => {
      done(null, isBlank(body) ? undefined : Object.fromEntries(new URLSearchParams(String(body))))
    },
  )
  // Read (within the body limit) and dropped: a text/plain or unknown body means nothing to any route.
  app.addContentTypeParser(
    '*',
    { parseAs: 'buffer' },
    (_request: FastifyRequest, _body: string | Buffer, done: Done) => done(null, undefined),
  )
}

const isBlank = (body: string | Buffer) => String(body).trim() === ''
