import type { OpenIDConfigResponse } from '@shelfcast/contracts'
import { z } from 'zod'
import { badRequest } from '../../../http/errors.ts'
import { createOpenIDFetch, type GuardedFetcher } from '../../../net/index.ts'

const WELL_KNOWN = '/.well-known/openid-configuration'
const MAX_DOCUMENT_BYTES = 256 * 1024

const url = z.string().max(2000)
const Document = z.object({
  issuer: url,
  authorization_endpoint: url.optional(),
  token_endpoint: url.optional(),
  userinfo_endpoint: url.optional(),
  end_session_endpoint: url.optional(),
  jwks_uri: url.optional(),
  id_token_signing_alg_values_supported: z.array(z.string().max(20)).max(50).optional(),
})

/** The discovery document's URL for an issuer URL (or the document's own URL, as admins often paste it). */
export function wellKnownUrl(issuer: string): URL {
  let parsed: URL
  try {
    parsed = new URL(issuer)
  } catch {
    throw badRequest('The issuer URL is not a URL')
  }
  if (parsed.protocol !== 'http:' && parsed.protocol !== 'https:')
    throw badRequest('The issuer URL must be http(s)')
  if (parsed.pathname.endsWith(WELL_KNOWN)) return parsed
  parsed.pathname = parsed.pathname.replace(/\/+$/, '') + WELL_KNOWN
  return parsed
}

/** GET /auth/openid/config: the provider's endpoints, for the settings form (a clear 400 when unreachable). */
export async function fetchDiscoveryDocument(
  issuer: string,
  fetcher: GuardedFetcher,
): Promise<OpenIDConfigResponse> {
  const target = wellKnownUrl(issuer)
  let body: unknown
  try {
    const res = await createOpenIDFetch(fetcher)(target.href, {
      method: 'GET',
      headers: { accept: 'application/json' },
      redirect: 'manual',
    })
    if (res.status !== 200) throw new Error(`it answered ${res.status}`)
    const text = await res.text()
    if (text.length > MAX_DOCUMENT_BYTES) throw new Error('its answer is too large')
    body = JSON.parse(text) as unknown
  } catch (err) {
    const why = err instanceof Error ? err.message : 'unknown error'
    throw badRequest(`Could not read ${target.href}: ${why}`)
  }
  const parsed = Document.safeParse(body)
  if (!parsed.success) throw badRequest(`${target.href} is not an OpenID discovery document`)
  const d = parsed.data
  return {
    issuer: d.issuer,
    authorization_endpoint: d.authorization_endpoint ?? null,
    token_endpoint: d.token_endpoint ?? null,
    userinfo_endpoint: d.userinfo_endpoint ?? null,
    end_session_endpoint: d.end_session_endpoint ?? null,
    jwks_uri: d.jwks_uri ?? null,
    id_token_signing_alg_values_supported: d.id_token_signing_alg_values_supported ?? [],
  }
}
