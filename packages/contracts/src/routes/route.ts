import type { z } from 'zod'

/**
 * A route as data: the one place its method, path, inputs, answer and access are written. The server
 * registers it (`serveRoute`), the web client calls it (`callRoute`) and the OpenAPI document describes it
 * from the same object, so the three cannot drift apart.
 */

export type HttpMethod = 'GET' | 'POST' | 'PATCH' | 'PUT' | 'DELETE'

/** Who may call a route: nobody signed in, any signed-in user (the default), or admins and root. */
export type RouteAccess = 'public' | 'user' | 'admin'

/** Account permissions a route requires on top of its access (§6: update, delete, download, upload, createEreader). */
export type RoutePermission = 'update' | 'delete' | 'download' | 'upload' | 'createEreader'

/** An answer that is not JSON: a file or stream, plain text, a redirect, or nothing (204). */
export interface RawAnswer {
  readonly kind: 'bytes' | 'text' | 'redirect' | 'empty'
  /** The media type(s) sent, for the OpenAPI document. */
  readonly contentType?: string
  readonly description: string
}

/** A raw answer of one kind: the kind stays literal so `AnswerOf` can tell a text answer (a string) apart. */
type RawAnswerOf<K extends RawAnswer['kind']> = RawAnswer & { readonly kind: K }

export const rawAnswer = {
  bytes: (contentType: string, description: string): RawAnswerOf<'bytes'> => ({
    kind: 'bytes',
    contentType,
    description,
  }),
  text: (description: string, contentType = 'text/plain'): RawAnswerOf<'text'> => ({
    kind: 'text',
    contentType,
    description,
  }),
  redirect: (description: string): RawAnswerOf<'redirect'> => ({ kind: 'redirect', description }),
  empty: (description: string): RawAnswerOf<'empty'> => ({ kind: 'empty', description }),
} as const

export type ErrorStatus = 400 | 401 | 403 | 404 | 409 | 413 | 415 | 422 | 429 | 500 | 502 | 503 | 504

export interface RouteSpec {
  readonly method: HttpMethod
  /** Fastify's form: `/api/items/:id`. */
  readonly path: string
  /** One line for the OpenAPI document. */
  readonly summary: string
  /** The OpenAPI tag (one per area: "Libraries", "Playback", ...). */
  readonly tag: string
  /** Default 'user'. */
  readonly access?: RouteAccess
  readonly permission?: RoutePermission
  /**
   * The route is a URL a browser opens without headers (<audio>, <img>, <a download>, the socket): it may take
   * its token as `?token=` on GET/HEAD. Nowhere else, so tokens stay out of logs, history and Referer headers.
   */
  readonly queryToken?: boolean
  /** Path parameters; when left out each `:name` is a non-empty string of at most 200 characters. */
  readonly params?: z.ZodObject
  readonly query?: z.ZodType
  /** The JSON (or form-encoded) body, parsed before the handler runs. */
  readonly body?: z.ZodType
  /** A multipart body the handler reads itself (uploads); described, not parsed. */
  readonly multipart?: string
  /** The 200 answer: a schema for JSON, or a raw answer. */
  readonly answer: z.ZodType | RawAnswer
  /** The success status when not 200 (201 for creations that say so, 204, 302). */
  readonly status?: number
  /** Error statuses the route answers besides 401/403 (which access implies), with when. */
  readonly errors?: Readonly<Partial<Record<ErrorStatus, string>>>
}

/** Declares a route; `const` keeps the path and method literal so params and answers are inferred. */
export function defineRoute<const R extends RouteSpec>(spec: R): R {
  return spec
}

/** `'/api/collections/:id/book/:bookId'` → `'id' | 'bookId'` (an optional last `:name?` included). */
export type PathParamNames<P extends string> = P extends `${string}:${infer Name}/${infer Rest}`
  ? Name | PathParamNames<`/${Rest}`>
  : P extends `${string}:${infer Name}?`
    ? Name
    : P extends `${string}:${infer Name}`
      ? Name
      : never

/** Names of a path's optional last parameter (`:episodeId?`). */
/** The optional last param's name: segment by segment, or the whole rest would read as one name. */
type OptionalParamName<P extends string> = P extends `${string}:${string}/${infer Rest}`
  ? OptionalParamName<`/${Rest}`>
  : P extends `${string}:${infer Name}?`
    ? Name
    : never

export type PathParams<R extends RouteSpec> = R['params'] extends z.ZodObject
  ? z.output<R['params']>
  : { [K in Exclude<PathParamNames<R['path']>, OptionalParamName<R['path']>>]: string } & {
      [K in OptionalParamName<R['path']>]?: string
    }

export type QueryOf<R extends RouteSpec> = R['query'] extends z.ZodType
  ? z.output<R['query']>
  : Record<string, never>

/** The parsed body a handler receives; a multipart route's handler reads its body itself (none parsed). */
export type BodyOf<R extends RouteSpec> = R['multipart'] extends string
  ? undefined
  : R['body'] extends z.ZodType
    ? z.output<R['body']>
    : undefined

/** What the server's handler must produce for a JSON route. */
export type AnswerInput<R extends RouteSpec> = R['answer'] extends z.ZodType ? z.input<R['answer']> : unknown

/** What the client receives from a JSON route (a raw route's text, or nothing). */
export type AnswerOf<R extends RouteSpec> = R['answer'] extends z.ZodType
  ? z.output<R['answer']>
  : R['answer'] extends { kind: 'text' }
    ? string
    : unknown

/** The `:params` of a path, in order; `optional` for a trailing `:name?`. */
export function pathParams(path: string): { name: string; optional: boolean }[] {
  return [...path.matchAll(/:([A-Za-z0-9_]+)(\?)?/g)].map((m) => ({
    name: m[1] as string,
    optional: m[2] === '?',
  }))
}

/** `method path` — how routes are named in tests and errors. */
export const routeKey = (route: Pick<RouteSpec, 'method' | 'path'>): string => `${route.method} ${route.path}`

export const isRawAnswer = (answer: RouteSpec['answer']): answer is RawAnswer => !('_zod' in answer)

/** A query value as a client sends it (numbers and flags are written as text). */
export type QueryValue = string | number | boolean | null | undefined

type RequiredParams<R extends RouteSpec> = Exclude<PathParamNames<R['path']>, OptionalParamName<R['path']>>

/** What a client passes to call a route: the path's params, the query's keys, the body's shape. */
export type CallInput<R extends RouteSpec> = ([PathParamNames<R['path']>] extends [never]
  ? { params?: undefined }
  : {
      params: { [K in RequiredParams<R>]: string | number } & {
        [K in OptionalParamName<R['path']>]?: string | number | null
      }
    }) &
  (R['query'] extends z.ZodType
    ? { query?: { [K in keyof z.input<R['query']>]?: QueryValue } }
    : { query?: undefined }) &
  (R['body'] extends z.ZodType ? { body: z.input<R['body']> } : { body?: undefined })

/** The call's arguments: the input may be left out when the route needs neither params nor a body. */
export type CallArgs<R extends RouteSpec, Options> = [RequiredParams<R>] extends [never]
  ? R['body'] extends z.ZodType
    ? [input: CallInput<R> & Options]
    : [input?: CallInput<R> & Options]
  : [input: CallInput<R> & Options]

/** The route's path with its params filled in (each encoded); an absent optional last param is dropped. */
export function fillPath(
  path: string,
  params: Record<string, string | number | null | undefined> = {},
): string {
  return path.replace(/\/:([A-Za-z0-9_]+)(\?)?/g, (_, name: string, optional: string | undefined) => {
    const value = params[name]
    if (value === undefined || value === null || value === '') {
      if (optional) return ''
      throw new Error(`Missing path parameter ${name} for ${path}`)
    }
    return `/${encodeURIComponent(String(value))}`
  })
}
