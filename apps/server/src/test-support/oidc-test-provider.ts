/// <reference path="./oidc-provider.d.ts" />
import http from 'node:http'
import type { AddressInfo } from 'node:net'
import { exportJWK, generateKeyPair, SignJWT, decodeJwt, type JWK } from 'jose'
import Provider from 'oidc-provider'

/** A user of the test provider: its subject and the claims the ID token carries. */
export interface TestOidcAccount {
  sub: string
  email?: string
  email_verified?: boolean
  preferred_username?: string
  groups?: string[]
  /** Anything else (an advanced permissions claim). */
  [claim: string]: unknown
}

/** How the next ID token is spoiled, to test that the server refuses it. */
export type IdTokenTamper = 'wrong-audience' | 'wrong-issuer' | 'unknown-kid' | 'expired'

export interface TestOidcProvider {
  issuer: string
  clientId: string
  clientSecret: string
  /** The account the next sign-in logs in as (the login page is skipped), or null to show a login form. */
  signInAs: string | null
  /** Spoils the ID token of the token endpoint's next answers (re-signed by the test, see IdTokenTamper). */
  tamper: IdTokenTamper | null
  /** How many authorization codes the token endpoint was asked to redeem. */
  tokenRequests: number
  close(): Promise<void>
}

const CLAIMS = {
  openid: ['sub'],
  email: ['email', 'email_verified'],
  profile: ['preferred_username', 'name'],
  groups: ['groups', 'shelfcast_permissions'],
}

const page = (body: string) =>
  `<!doctype html><html><head><title>Test provider</title></head><body>${body}</body></html>`

/**
 * oidc-provider on 127.0.0.1 with one confidential client that must use PKCE, the given accounts and a
 * `groups` claim. Consent is granted for the client (first-party); the login step takes `signInAs` or a
 * tiny username form (the e2e journey fills it).
 */
export async function startTestOidcProvider(options: {
  accounts: TestOidcAccount[]
  redirectUris: string[]
  postLogoutRedirectUris?: string[]
  clientId?: string
  clientSecret?: string
}): Promise<TestOidcProvider> {
  const clientId = options.clientId ?? 'shelfcast'
  const clientSecret = options.clientSecret ?? 'test-client-secret-that-is-long-enough'
  const { privateKey } = await generateKeyPair('RS256', { extractable: true })
  const other = await generateKeyPair('RS256', { extractable: true })
  const signingJwk: JWK = { ...(await exportJWK(privateKey)), kid: 'main', alg: 'RS256', use: 'sig' }
  const accounts = new Map(options.accounts.map((a) => [a.sub, a]))

  let handler: (req: http.IncomingMessage, res: http.ServerResponse) => void = (_req, res) => res.end()
  const server = http.createServer((req, res) => handler(req, res))
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()))
  const issuer = `http://127.0.0.1:${(server.address() as AddressInfo).port}`

  const state: TestOidcProvider = {
    issuer,
    clientId,
    clientSecret,
    signInAs: null,
    tamper: null,
    tokenRequests: 0,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections()
        server.close(() => resolve())
      }),
  }

  const provider = new Provider(issuer, {
    clients: [
      {
        client_id: clientId,
        client_secret: clientSecret,
        redirect_uris: options.redirectUris,
        post_logout_redirect_uris: options.postLogoutRedirectUris ?? [],
        grant_types: ['authorization_code'],
        response_types: ['code'],
        token_endpoint_auth_method: 'client_secret_basic',
      },
    ],
    jwks: { keys: [signingJwk] },
    pkce: { required: () => true },
    claims: CLAIMS,
    scopes: ['openid', 'email', 'profile', 'groups'],
    conformIdTokenClaims: false,
    features: { devInteractions: { enabled: false }, rpInitiatedLogout: { enabled: true } },
    interactions: { url: (_ctx: unknown, interaction: { uid: string }) => `/interaction/${interaction.uid}` },
    findAccount: (_ctx: unknown, id: string) => {
      const account = accounts.get(id)
      if (!account) return undefined
      return { accountId: id, claims: () => ({ ...account }) }
    },
    // First-party client: its grant is given without a consent page.
    loadExistingGrant: async (ctx: {
      oidc: { client?: { clientId: string }; session?: { accountId?: string }; provider: Provider }
    }) => {
      const accountId = ctx.oidc.session?.accountId
      if (!accountId || !ctx.oidc.client) return undefined
      const grant = new ctx.oidc.provider.Grant({ accountId, clientId: ctx.oidc.client.clientId })
      grant.addOIDCScope('openid email profile groups')
      grant.addOIDCClaims(Object.values(CLAIMS).flat())
      await grant.save()
      return grant
    },
    cookies: { keys: ['test-cookie-key'] },
    ttl: {
      AuthorizationCode: 60,
      IdToken: 300,
      AccessToken: 300,
      Session: 600,
      Interaction: 600,
      Grant: 600,
    },
  })
  const oidcCallback = provider.callback()

  const finishLogin = async (req: http.IncomingMessage, res: http.ServerResponse, accountId: string) => {
    await provider.interactionFinished(req, res, { login: { accountId } }, { mergeWithLastSubmission: false })
  }

  handler = (req, res) => {
    const url = new URL(req.url ?? '/', issuer)
    const interaction = /^\/interaction\/([^/]+)$/.exec(url.pathname)
    if (interaction) {
      void (async () => {
        try {
          await provider.interactionDetails(req, res)
          if (req.method === 'POST') {
            const body = await readBody(req)
            const username = new URLSearchParams(body).get('username') ?? ''
            const account = [...accounts.values()].find(
              (a) => a.preferred_username === username || a.sub === username,
            )
            if (!account) {
              res.writeHead(200, { 'content-type': 'text/html' }).end(page('<p id="error">No such user</p>'))
              return
            }
            await finishLogin(req, res, account.sub)
          } else if (state.signInAs) {
            await finishLogin(req, res, state.signInAs)
          } else {
            res
              .writeHead(200, { 'content-type': 'text/html' })
              .end(
                page(
                  `<form method="post" action="/interaction/${interaction[1]}"><label>Username <input name="username" autofocus></label><button type="submit">Sign in</button></form>`,
                ),
              )
          }
        } catch (err) {
          res.writeHead(500).end(String(err))
        }
      })()
      return
    }
    if (url.pathname === '/token') {
      state.tokenRequests++
      if (state.tamper) spoilIdToken(res, state.tamper, privateKey, other.privateKey)
    }
    oidcCallback(req, res)
  }
  return state
}

function readBody(req: http.IncomingMessage): Promise<string> {
  return new Promise((resolve, reject) => {
    let body = ''
    req.setEncoding('utf8')
    req.on('data', (chunk: string) => (body += chunk))
    req.on('end', () => resolve(body))
    req.on('error', reject)
  })
}

/** Rewrites the token answer's ID token as the tamper says, re-signed (by the right key unless unknown-kid). */
function spoilIdToken(res: http.ServerResponse, tamper: IdTokenTamper, key: CryptoKey, otherKey: CryptoKey) {
  const end = res.end.bind(res) as (chunk?: unknown) => http.ServerResponse
  const setHeader = res.setHeader.bind(res)
  res.setHeader = (name: string, value: number | string | readonly string[]) =>
    name.toLowerCase() === 'content-length' ? res : setHeader(name, value)
  res.end = ((chunk?: unknown) => {
    void (async () => {
      try {
        const body = JSON.parse(String(chunk)) as { id_token?: string }
        if (body.id_token) {
          const claims = decodeJwt(body.id_token)
          if (tamper === 'wrong-audience') claims.aud = 'someone-else'
          if (tamper === 'wrong-issuer') claims.iss = 'http://127.0.0.1:1/other-issuer'
          if (tamper === 'expired') {
            claims.iat = Math.floor(Date.now() / 1000) - 7200
            claims.exp = Math.floor(Date.now() / 1000) - 3600
          }
          const kid = tamper === 'unknown-kid' ? 'not-in-jwks' : 'main'
          body.id_token = await new SignJWT(claims)
            .setProtectedHeader({ alg: 'RS256', kid })
            .sign(tamper === 'unknown-kid' ? otherKey : key)
        }
        end(JSON.stringify(body))
      } catch {
        end(chunk)
      }
    })()
    return res
  }) as typeof res.end
}
