/**
 * Sign-ins in progress, by their `state`: what the callback checks against (nonce, PKCE verifier, where to
 * return). One use each and ten minutes at most, so a replayed callback finds nothing.
 */
export interface PendingFlow {
  nonce: string
  /** Web flow: our verifier. Mobile flow: null, the app sends its own with the callback. */
  codeVerifier: string | null
  /** Web flow: the path of ours to return to. */
  callback: string | null
  /** Mobile flow: the app's allowed redirect URI. */
  mobileRedirectUri: string | null
  /** The redirect_uri given to the provider (the token request repeats it). */
  redirectUri: string
  expiresAt: number
}

export const FLOW_TTL_MS = 10 * 60_000
const MAX_FLOWS = 10_000

export class PendingFlows {
  private readonly flows = new Map<string, PendingFlow>()
  private readonly now: () => number
  constructor(now: () => number = Date.now) {
    this.now = now
  }

  add(state: string, flow: Omit<PendingFlow, 'expiresAt'>) {
    this.sweep()
    // Bounded: sign-in starts are public, so the oldest go first when many are started and never finished.
    if (this.flows.size >= MAX_FLOWS) {
      const oldest = this.flows.keys().next().value
      if (oldest !== undefined) this.flows.delete(oldest)
    }
    this.flows.set(state, { ...flow, expiresAt: this.now() + FLOW_TTL_MS })
  }

  /** The flow of a state, removed: a second callback with it fails. */
  take(state: string | undefined): PendingFlow | null {
    if (!state) return null
    const flow = this.flows.get(state)
    if (!flow) return null
    this.flows.delete(state)
    return flow.expiresAt > this.now() ? flow : null
  }

  /** The flow of a state, kept (the mobile bounce reads it; the app's callback takes it). */
  peek(state: string | undefined): PendingFlow | null {
    if (!state) return null
    const flow = this.flows.get(state)
    return flow && flow.expiresAt > this.now() ? flow : null
  }

  private sweep() {
    const now = this.now()
    for (const [state, flow] of this.flows) if (flow.expiresAt <= now) this.flows.delete(state)
  }
}
