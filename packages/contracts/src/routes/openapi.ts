import { z } from 'zod'
import { Collection, Playlist } from '../collections.ts'
import { Library, LibraryJson } from '../entities/library.ts'
import {
  AudioFile,
  Author,
  Book,
  Chapter,
  FileMetadata,
  FullLibraryItem,
  LibraryFile,
  LibraryItem,
  MinifiedLibraryItem,
  Podcast,
  PodcastEpisode,
  Series,
} from '../entities/library-item.ts'
import { ServerSettings } from '../entities/server-settings.ts'
import { Task } from '../entities/task.ts'
import { MediaProgress, User, UserPermissions } from '../entities/user.ts'
import { OpenPlaybackSession, PlaybackSession } from '../playback-sessions.ts'
import { isRawAnswer, pathParams, type RouteSpec } from './route.ts'

/**
 * The OpenAPI 3.1 document of the route table. OpenAPI 3.1 schemas are JSON Schema 2020-12, which is what zod
 * writes, so each route's schemas go in as zod converts them; entities registered in `openApiComponents` are
 * written once under `components.schemas` and referred to from every answer that holds them.
 */

/** Entities the document names once (`#/components/schemas/<id>`) and refers to from every answer holding them. */
export const openApiComponents = z.registry<{ id: string }>()
const named = {
  LibraryItem,
  MinifiedLibraryItem,
  FullLibraryItem,
  Book,
  Podcast,
  PodcastEpisode,
  AudioFile,
  LibraryFile,
  FileMetadata,
  Chapter,
  Author,
  Series,
  Collection,
  Playlist,
  Library,
  LibraryJson,
  User,
  UserPermissions,
  MediaProgress,
  ServerSettings,
  PlaybackSession,
  OpenPlaybackSession,
  Task,
}
for (const [id, schema] of Object.entries(named)) openApiComponents.add(schema, { id })

type JsonObject = Record<string, unknown>

export interface NamedRoute {
  /** `group.name`, the route's operationId. */
  readonly id: string
  readonly route: RouteSpec
}

export interface OpenApiInfo {
  readonly title: string
  readonly version: string
  readonly description?: string
}

/** Rewrites zod's `#/$defs/<id>` references to the document's components. */
function pointAtComponents(value: unknown): unknown {
  if (Array.isArray(value)) return value.map(pointAtComponents)
  if (value === null || typeof value !== 'object') return value
  const out: JsonObject = {}
  for (const [key, v] of Object.entries(value as JsonObject))
    out[key] =
      key === '$ref' && typeof v === 'string'
        ? v.replace(/^#\/\$defs\//, '#/components/schemas/')
        : pointAtComponents(v)
  return out
}

/**
 * Converts one schema; the named entities (and any recursive schema) it holds are moved into `components`
 * (shared across the document: the same id must always mean the same schema) and referred to from there.
 */
function toDocumentSchema(
  schema: z.ZodType,
  io: 'input' | 'output',
  components: Map<string, string>,
): JsonObject {
  const json = z.toJSONSchema(schema, {
    io,
    unrepresentable: 'any',
    cycles: 'ref',
    reused: 'inline',
    ...(io === 'output' ? { metadata: openApiComponents } : {}),
  }) as JsonObject
  delete json.$schema
  const defs = (json.$defs ?? {}) as JsonObject
  delete json.$defs
  for (const [id, def] of Object.entries(defs)) {
    const text = JSON.stringify(pointAtComponents(def))
    const known = components.get(id)
    if (known !== undefined && known !== text) throw new Error(`Two different schemas are named ${id}`)
    components.set(id, text)
  }
  return pointAtComponents(json) as JsonObject
}

const plainText = { 'text/plain': { schema: { type: 'string' } } }

function responses(route: RouteSpec, components: Map<string, string>): JsonObject {
  const status = String(
    route.status ?? (isRawAnswer(route.answer) && route.answer.kind === 'redirect' ? 302 : 200),
  )
  const out: JsonObject = {}
  if (!isRawAnswer(route.answer)) {
    out[status] = {
      description: 'OK',
      content: { 'application/json': { schema: toDocumentSchema(route.answer, 'output', components) } },
    }
  } else {
    const answer = route.answer
    const content =
      answer.kind === 'bytes'
        ? {
            [answer.contentType ?? 'application/octet-stream']: {
              schema: { type: 'string', format: 'binary' },
            },
          }
        : answer.kind === 'text'
          ? { [answer.contentType ?? 'text/plain']: { schema: { type: 'string' } } }
          : undefined
    out[answer.kind === 'empty' ? String(route.status ?? 204) : status] = {
      description: answer.description,
      ...(content ? { content } : {}),
    }
  }
  const access = route.access ?? 'user'
  if (route.query || route.body || route.params || pathParams(route.path).length > 0)
    out['400'] ??= {
      description: 'A parameter or the body is invalid (the message names it)',
      content: plainText,
    }
  if (access !== 'public') out['401'] = { description: 'No valid token', content: plainText }
  if (access === 'admin' || route.permission)
    out['403'] = {
      description: access === 'admin' ? 'Admins only' : `Needs the ${route.permission} permission`,
      content: plainText,
    }
  for (const [code, description] of Object.entries(route.errors ?? {}))
    out[code] = { description, content: plainText }
  return Object.fromEntries(Object.entries(out).sort(([a], [b]) => a.localeCompare(b)))
}

function parameters(route: RouteSpec, components: Map<string, string>): JsonObject[] {
  const params: JsonObject[] = []
  const paramSchemas = route.params
    ? (toDocumentSchema(route.params, 'input', components).properties as JsonObject | undefined)
    : undefined
  for (const p of pathParams(route.path))
    params.push({
      name: p.name,
      in: 'path',
      required: true,
      schema: paramSchemas?.[p.name] ?? { type: 'string' },
    })
  if (route.query) {
    const query = toDocumentSchema(route.query, 'input', components)
    const required = new Set((query.required as string[] | undefined) ?? [])
    for (const [name, schema] of Object.entries((query.properties as JsonObject | undefined) ?? {}))
      params.push({ name, in: 'query', required: required.has(name), schema })
  }
  if (route.queryToken)
    params.push({
      name: 'token',
      in: 'query',
      required: false,
      description: 'The access token, for URLs a browser opens without headers',
      schema: { type: 'string' },
    })
  return params
}

function requestBody(route: RouteSpec, components: Map<string, string>): JsonObject | undefined {
  // A multipart route may also take a JSON body (a cover by URL instead of by upload).
  if (route.multipart !== undefined)
    return {
      required: true,
      description: route.multipart,
      content: {
        'multipart/form-data': { schema: { type: 'object' } },
        ...(route.body
          ? { 'application/json': { schema: toDocumentSchema(route.body, 'input', components) } }
          : {}),
      },
    }
  if (!route.body) return undefined
  const schema = toDocumentSchema(route.body, 'input', components)
  return {
    required: true,
    content: { 'application/json': { schema }, 'application/x-www-form-urlencoded': { schema } },
  }
}

/** `/api/playlists/:id/item/:libraryItemId/:episodeId?` → both OpenAPI paths (OpenAPI has no optional path params). */
function openApiPaths(path: string): string[] {
  const toOpenApi = (p: string) => p.replace(/:([A-Za-z0-9_]+)\??/g, '{$1}')
  const optional = /\/:[A-Za-z0-9_]+\?$/.exec(path)
  if (!optional) return [toOpenApi(path)]
  return [toOpenApi(path.slice(0, optional.index)), toOpenApi(path)]
}

/**
 * The OpenAPI 3.1 document of the route table. Socket events (server -> client, with their payloads) have no place
 * in OpenAPI; they are listed under the `x-socket-events` extension, their payloads among the components.
 */
export function openApiDocument(
  routes: readonly NamedRoute[],
  info: OpenApiInfo,
  socketEvents: Readonly<Record<string, z.ZodType>> = {},
): JsonObject {
  const paths: Record<string, JsonObject> = {}
  const tags = new Set<string>()
  const components = new Map<string, string>()
  for (const { id, route } of routes) {
    tags.add(route.tag)
    const forms = openApiPaths(route.path)
    forms.forEach((path, i) => {
      const access = route.access ?? 'user'
      const body = requestBody(route, components)
      const operation: JsonObject = {
        operationId: forms.length > 1 && i === 0 ? `${id}.withoutLast` : id,
        summary: route.summary,
        tags: [route.tag],
        ...(access === 'public'
          ? { security: [] }
          : route.queryToken
            ? { security: [{ bearer: [] }, { queryToken: [] }] }
            : {}),
        parameters: parameters(route, components).filter(
          (p) => p.in !== 'path' || path.includes(`{${String(p.name)}}`),
        ),
        ...(body ? { requestBody: body } : {}),
        responses: responses(route, components),
      }
      if (access === 'admin') operation['x-access'] = 'admin'
      if (route.permission) operation['x-permission'] = route.permission
      paths[path] = { ...paths[path], [route.method.toLowerCase()]: operation }
    })
  }
  const events = Object.keys(socketEvents)
    .sort()
    .map((name) => [name, { payload: toDocumentSchema(socketEvents[name]!, 'output', components) }] as const)
  return {
    openapi: '3.1.0',
    info: {
      title: info.title,
      version: info.version,
      ...(info.description ? { description: info.description } : {}),
    },
    tags: [...tags].sort().map((name) => ({ name })),
    security: [{ bearer: [] }],
    paths: Object.fromEntries(Object.entries(paths).sort(([a], [b]) => a.localeCompare(b))),
    ...(events.length > 0 ? { 'x-socket-events': Object.fromEntries(events) } : {}),
    components: {
      schemas: Object.fromEntries(
        [...components].sort(([a], [b]) => a.localeCompare(b)).map(([id, text]) => [id, JSON.parse(text)]),
      ),
      securitySchemes: {
        bearer: {
          type: 'http',
          scheme: 'bearer',
          description: 'An access token from POST /login or POST /auth/refresh, or an API key',
        },
        queryToken: { type: 'apiKey', in: 'query', name: 'token' },
      },
    },
  }
}
