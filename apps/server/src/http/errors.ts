import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { type KeyedMessage, keyOfMessage, messageKeyHeader, messageKeyHeaderValue } from './message-key.ts'

/** An error the client is meant to see: an HTTP status and a plain-text message it shows as a toast. */
export class HttpError extends Error {
  readonly status: number
  readonly headers: Record<string, string>
  /** Send `{error: message}` JSON instead of plain text (Audiobookshelf does this on a few auth routes). */
  readonly asJson: boolean
  /** The message's locale key when its text alone does not find it (server-messages.ts). */
  readonly keyed: KeyedMessage | undefined
  constructor(
    status: number,
    message: string,
    options: { headers?: Record<string, string>; asJson?: boolean; keyed?: KeyedMessage } = {},
  ) {
    super(message)
    this.status = status
    this.headers = options.headers ?? {}
    this.asJson = options.asJson ?? false
    this.keyed = options.keyed
  }
}

export const badRequest = (message: string) => new HttpError(400, message)
export const unauthorized = (message = 'Unauthorized') => new HttpError(401, message)
export const forbidden = (message = 'Forbidden') => new HttpError(403, message)
export const notFound = (message = 'Not found') => new HttpError(404, message)
export const conflict = (message: string) => new HttpError(409, message)

/** Readable messages for the framework's own client errors, so no raw internals reach a user. */
const frameworkMessages: Record<string, string> = {
  FST_ERR_CTP_INVALID_JSON_BODY: 'Invalid JSON body',
  FST_ERR_CTP_BODY_TOO_LARGE: 'Request body is too large',
  FST_ERR_CTP_INVALID_CONTENT_LENGTH: 'Invalid content length',
  FST_ERR_BAD_URL: 'Invalid URL',
  FST_ERR_ASYNC_CONSTRAINT: 'Invalid request',
}

/** Errors a request's streams fail with when the client goes away (closed tab, cancelled upload, lost network). */
const ABORT_CODES = new Set(['ECONNRESET', 'ECONNABORTED', 'EPIPE', 'ERR_STREAM_PREMATURE_CLOSE'])

/**
 * True when the client aborted the request: its connection is gone and the error is what a
 * stream reports for that. Not a server fault, so logged at info level and answered to no one.
 */
export function isClientAbort(err: Error & { code?: string }, request: FastifyRequest): boolean {
  const gone = request.raw.destroyed || request.raw.socket?.destroyed === true
  if (!gone) return false
  return (
    (err.code !== undefined && ABORT_CODES.has(err.code)) ||
    /^(aborted|Unexpected end of form)$/i.test(err.message)
  )
}

function send(reply: FastifyReply, status: number, message: string, asJson: boolean, keyed?: KeyedMessage) {
  if (reply.sent) return
  reply.status(status)
  // The body stays Audiobookshelf's English text; the header lets a client show it in its user's language.
  const key = keyed ?? keyOfMessage(message)
  if (key) reply.header(messageKeyHeader, messageKeyHeaderValue(key))
  if (asJson) return reply.send({ error: message })
  return reply.type('text/plain; charset=utf-8').send(message)
}

/**
 * One error handler for the whole app. Client errors are answered with their message and logged
 * without a stack below error level; anything else is a bug: logged with its stack, answered 500.
 */
export function installErrorHandling(app: FastifyInstance) {
  app.setErrorHandler(
    (err: FastifyError | HttpError | Error, request: FastifyRequest, reply: FastifyReply) => {
      if (err instanceof HttpError) {
        for (const [k, v] of Object.entries(err.headers)) reply.header(k, v)
        request.log.debug({ status: err.status, msg: err.message }, 'client error')
        return send(reply, err.status, err.message, err.asJson, err.keyed)
      }
      const fe = err as FastifyError
      if (isClientAbort(fe, request)) {
        request.log.info({ code: fe.code, url: request.url }, 'request aborted by the client')
        // Nobody is left to answer: release the response instead of writing to a closed socket.
        reply.hijack()
        reply.raw.destroy()
        return
      }
      const status = typeof fe.statusCode === 'number' ? fe.statusCode : 500
      if (status >= 400 && status < 500) {
        const message =
          (fe.code && frameworkMessages[fe.code]) ?? (fe.validation ? 'Invalid request' : fe.message)
        request.log.info({ status, code: fe.code }, message)
        return send(reply, status, message, false)
      }
      request.log.error({ err }, 'unhandled error')
      return send(reply, 500, 'Internal server error', false)
    },
  )
}
