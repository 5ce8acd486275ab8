import {
  isRawAnswer,
  pathParams,
  routeKey,
  type AnswerInput,
  type BodyOf,
  type PathParams,
  type QueryOf,
  type RouteSpec,
} from '@shelfcast/contracts'
import type { FastifyInstance, FastifyReply, FastifyRequest } from 'fastify'
import { z } from 'zod'
import { parseInput } from './parse.ts'
import { assertContract, checkContracts } from '../config/contract-checks.ts'

/** A route's parsed inputs, typed from its contract. */
export interface RouteInput<R extends RouteSpec> {
  params: PathParams<R>
  query: QueryOf<R>
  body: BodyOf<R>
}

/**
 * What a handler returns: the answer its contract describes, or the reply it already sent (files, streams,
 * cached answers sent as text: those check their own content with `checkedAnswer`).
 */
export type HandlerResult<R extends RouteSpec> = AnswerInput<R> | FastifyReply

export type RouteHandler<R extends RouteSpec> = (
  input: RouteInput<R>,
  request: FastifyRequest,
  reply: FastifyReply,
) => HandlerResult<R> | Promise<HandlerResult<R>>

/**
 * Set in the test suite (vitest's env): every JSON answer is checked against its contract schema, so a builder
 * that drifts from the contract fails the tests that call it. Off in production, where the check would cost a
 * parse of every answer.
 */

/** Path parameters of a route without its own schema: non-empty strings of bounded length. */
function defaultParams(path: string): z.ZodObject {
  const shape: Record<string, z.ZodType> = {}
  for (const p of pathParams(path)) {
    const value = z.string().min(1).max(200)
    shape[p.name] = p.optional ? value.optional() : value
  }
  return z.object(shape)
}

const recorded = new WeakMap<FastifyInstance, string[]>()

/** Keeps the `method path` of every route this app registers, however registered (call before any route). */
export function recordRoutes(app: FastifyInstance): void {
  const keys: string[] = []
  recorded.set(app, keys)
  app.addHook('onRoute', (options) => {
    const methods = Array.isArray(options.method) ? options.method : [options.method]
    for (const method of methods) keys.push(`${method} ${options.url}`)
  })
}

/**
 * The routes recorded by `recordRoutes` (for the test that holds the table and the server together), without
 * the HEAD twin Fastify adds to every GET.
 */
export function recordedRoutes(app: FastifyInstance): readonly string[] {
  const keys = recorded.get(app) ?? []
  return keys.filter((key) => !key.startsWith('HEAD ') || !keys.includes(`GET ${key.slice(5)}`))
}

/** Throws when a JSON answer does not match its contract (tests only, see `checkContracts`). */
export function assertAnswer(route: RouteSpec, answer: unknown): void {
  if (!checkContracts || isRawAnswer(route.answer)) return
  assertContract(route.answer, answer, `${routeKey(route)} answered`)
}

/** Wraps an answer's computation so the answer is checked against the route's contract in tests. */
export function checkedAnswer<R extends RouteSpec>(
  route: R,
  compute: () => Promise<AnswerInput<R>>,
): () => Promise<AnswerInput<R>> {
  if (!checkContracts) return compute
  return async () => {
    const answer = await compute()
    assertAnswer(route, answer)
    return answer
  }
}

/** As `checkedAnswer`, for an answer made as JSON text already (the filter data: serialised once per change). */
export function checkedText(route: RouteSpec, computeText: () => Promise<string>): () => Promise<string> {
  if (!checkContracts) return computeText
  return async () => {
    const text = await computeText()
    assertAnswer(route, JSON.parse(text))
    return text
  }
}

export interface ServeOptions {
  /**
   * Runs before the inputs are parsed, for checks that must answer whatever the request holds: a rate limit
   * (its 429 and headers even for a malformed body, as Audiobookshelf's limiter runs before its handlers) or a
   * refusal that must not depend on the body.
   */
  before?: (request: FastifyRequest, reply: FastifyReply) => void | Promise<void>
}

/**
 * Registers a route from its contract: access and permission go to the auth guard through the route config,
 * params, query and body are parsed with the contract's schemas (a bad one is a 400 naming the field), and the
 * handler's answer is typed by the contract's answer schema.
 */
export function serveRoute<const R extends RouteSpec>(
  app: FastifyInstance,
  route: R,
  handler: RouteHandler<R>,
  options: ServeOptions = {},
): void {
  const params = route.params ?? defaultParams(route.path)
  const query = route.query
  const body = route.multipart === undefined ? route.body : undefined

  app.route({
    method: route.method,
    url: route.path,
    config: {
      ...(route.access ? { access: route.access } : {}),
      ...(route.permission ? { permission: route.permission } : {}),
      ...(route.queryToken ? { queryToken: true } : {}),
    },
    handler: async (request, reply) => {
      if (options.before) await options.before(request, reply)
      const input = {
        params: parseInput(params, request.params),
        query: query ? parseInput(query, request.query) : {},
        body: body ? parseInput(body, request.body) : undefined,
      } as RouteInput<R>
      if (route.status !== undefined) reply.status(route.status)
      const answer = await handler(input, request, reply)
      if (answer !== reply) assertAnswer(route, answer)
      return answer
    },
  })
}
