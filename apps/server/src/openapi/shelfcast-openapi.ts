import { namedRoutes, serverEvents } from '@shelfcast/contracts'
import { openApiDocument } from '@shelfcast/contracts/openapi'
import { serverVersion } from '../config/config.ts'

const description = [
  "Shelfcast's HTTP API. It follows Audiobookshelf's, so Audiobookshelf's apps work against it: answers keep",
  "Audiobookshelf's shapes, including fields kept only for those apps. Every route is declared once in",
  '`packages/contracts` and this document is generated from that table. The socket.io events the server sends',
  '(connect to `/socket.io`, then emit `auth` with the access token) are listed under `x-socket-events`.',
].join(' ')

/** The OpenAPI document of every declared route (served to admins, committed as docs/openapi.json). */
export function shelfcastOpenApi(): Record<string, unknown> {
  return openApiDocument(
    namedRoutes,
    { title: 'Shelfcast API', version: serverVersion, description },
    serverEvents,
  )
}

/** The committed form: two-space JSON with a final newline. */
export const openApiText = () => `${JSON.stringify(shelfcastOpenApi(), null, 2)}\n`
