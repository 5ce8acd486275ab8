// The parts of oidc-provider (no bundled types) the test provider uses.
declare module 'oidc-provider' {
  import type { IncomingMessage, ServerResponse } from 'node:http'

  interface GrantInstance {
    addOIDCScope(scope: string): void
    addOIDCClaims(claims: string[]): void
    save(): Promise<string>
  }
  interface InteractionDetails {
    uid: string
    prompt: { name: string }
    params: Record<string, unknown>
  }
  interface OidcContext {
    oidc: {
      client?: { clientId: string }
      session?: { accountId?: string }
      result?: unknown
      requestParamScopes: Set<string>
      provider: Provider
    }
  }
  export default class Provider {
    constructor(issuer: string, configuration: Record<string, unknown>)
    callback(): (req: IncomingMessage, res: ServerResponse) => void
    interactionDetails(req: IncomingMessage, res: ServerResponse): Promise<InteractionDetails>
    interactionFinished(
      req: IncomingMessage,
      res: ServerResponse,
      result: Record<string, unknown>,
      options?: { mergeWithLastSubmission?: boolean },
    ): Promise<void>
    Grant: new (init: { accountId: string; clientId: string }) => GrantInstance
    proxy: boolean
  }
}
