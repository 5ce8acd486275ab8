import dns, { type LookupAddress } from 'node:dns'
import type { LookupFunction } from 'node:net'
import { isPublicAddress } from './ip-policy.ts'
import type { HostAllowlist } from './url-policy.ts'

/** Resolves a host name to all its addresses. Tests pass their own to map names to loopback. */
export type Resolver = (hostname: string) => Promise<LookupAddress[]>

export const systemResolver: Resolver = (hostname) => dns.promises.lookup(hostname, { all: true })

/** Raised inside the socket's lookup; the fetcher turns it into a FetchBlockedError carrying the URL. */
export class BlockedAddressError extends Error {
  readonly hostname: string
  readonly address: string

  constructor(hostname: string, address: string) {
    super(`${hostname} resolves to ${address}, which is not a public address`)
    this.hostname = hostname
    this.address = address
  }
}

/**
 * The `lookup` the fetcher's agents connect with. Checking the addresses here, in the same lookup the
 * socket connects to, leaves no gap for a DNS answer to change between a check and the connect (rebinding).
 * A name with any non-public address is refused outright, so a mixed answer cannot steer the connect.
 */
export function guardedLookup(allowlist: HostAllowlist, resolve: Resolver): LookupFunction {
  return (hostname, options, callback) => {
    // Two-argument then: a throw inside the callback must not call it a second time.
    resolve(hostname).then(
      (all) => {
        const family = options.family === 4 || options.family === 6 ? options.family : 0
        const addresses = family ? all.filter((a) => a.family === family) : all
        if (!allowlist.has(hostname)) {
          const blocked = addresses.find((a) => !isPublicAddress(a.address))
          if (blocked) return callback(new BlockedAddressError(hostname, blocked.address), '')
        }
        const first = addresses[0]
        if (!first)
          return callback(Object.assign(new Error(`no address for ${hostname}`), { code: 'ENOTFOUND' }), '')
        if (options.all) callback(null, addresses)
        else callback(null, first.address, first.family)
      },
      (err: NodeJS.ErrnoException) => callback(err, ''),
    )
  }
}
