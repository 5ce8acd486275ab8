import { describe, expect, it } from 'vitest'
import { TokenSigner } from './tokens.ts'

describe('TokenSigner.verify (verified tokens are remembered)', () => {
  const secret = new TextEncoder().encode('test-secret-of-enough-length-for-hs256')

  it('answers a remembered token only until it expires', async () => {
    let now = Date.UTC(2026, 0, 1)
    const signer = new TokenSigner(secret, () => now)
    const token = await signer.signAccess({ userId: 'u1', username: 'alice', sessionId: 's1' }, 60)
    expect(await signer.verify(token)).toMatchObject({ userId: 'u1', sessionId: 's1', type: 'access' })
    now += 30_000
    expect(await signer.verify(token)).toMatchObject({ userId: 'u1' })
    now += 30_000
    expect(await signer.verify(token)).toBeNull()
    now -= 1_000
    // Once dropped for expiry, the token is checked in full again (and is still valid a second earlier).
    expect(await signer.verify(token)).toMatchObject({ userId: 'u1' })
  })

  it('never answers a token whose signature differs from a remembered one', async () => {
    const now = Date.UTC(2026, 0, 1)
    const signer = new TokenSigner(secret, () => now)
    const token = await signer.signAccess({ userId: 'u1', username: 'alice', sessionId: 's1' }, 60)
    expect(await signer.verify(token)).not.toBeNull()
    const [h, p, sig] = token.split('.') as [string, string, string]
    const forged = `${h}.${p}.${sig.slice(0, -2)}${sig.endsWith('AA') ? 'BB' : 'AA'}`
    expect(await signer.verify(forged)).toBeNull()
    expect(
      await new TokenSigner(new TextEncoder().encode('another-secret-of-enough-length-xx'), () => now).verify(
        token,
      ),
    ).toBeNull()
  })

  it('remembers API keys without an expiry', async () => {
    const signer = new TokenSigner(secret, () => Date.UTC(2026, 0, 1))
    const token = await signer.signApiKey('k1', null)
    expect(await signer.verify(token)).toMatchObject({ keyId: 'k1', type: 'api' })
    expect(await signer.verify(token)).toMatchObject({ keyId: 'k1', type: 'api' })
  })
})
