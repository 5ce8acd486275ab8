import { BlockList, isIP } from 'node:net'

/**
 * Which IP addresses the server may fetch from: globally reachable unicast only. Everything else — loopback,
 * private, link-local (cloud metadata at 169.254.169.254), CGNAT, multicast, documentation and reserved
 * ranges — is refused unless the host name is on the admin allowlist (decided elsewhere).
 */

// IANA IPv4 special-purpose ranges that are not globally reachable.
const blockedIpv4Ranges: ReadonlyArray<readonly [network: string, prefix: number]> = [
  ['0.0.0.0', 8], // "this network", incl. the unspecified 0.0.0.0
  ['10.0.0.0', 8],
  ['100.64.0.0', 10], // carrier-grade NAT
  ['127.0.0.0', 8],
  ['169.254.0.0', 16], // link-local, incl. cloud metadata
  ['172.16.0.0', 12],
  ['192.0.0.0', 24], // IETF protocol assignments
  ['192.0.2.0', 24], // documentation
  ['192.88.99.0', 24], // old 6to4 relay anycast
  ['192.168.0.0', 16],
  ['198.18.0.0', 15], // benchmarking
  ['198.51.100.0', 24], // documentation
  ['203.0.113.0', 24], // documentation
  ['224.0.0.0', 4], // multicast
  ['240.0.0.0', 4], // reserved, incl. broadcast
]

// IPv6 is allowed only inside global unicast 2000::/3 (which excludes ::, ::1, fc00::/7, fe80::/10, ff00::/8 ...),
// minus the parts of it that are not globally reachable.
const blockedIpv6InGlobalUnicast: ReadonlyArray<readonly [network: string, prefix: number]> = [
  ['2001::', 23], // IETF protocol assignments, incl. Teredo (2001::/32), which tunnels to any IPv4
  ['2001:db8::', 32], // documentation
  ['3fff::', 20], // documentation
]

const ipv4Blocked = new BlockList()
for (const [network, prefix] of blockedIpv4Ranges) ipv4Blocked.addSubnet(network, prefix, 'ipv4')
const ipv6GlobalUnicast = new BlockList()
ipv6GlobalUnicast.addSubnet('2000::', 3, 'ipv6')
const ipv6Blocked = new BlockList()
for (const [network, prefix] of blockedIpv6InGlobalUnicast) ipv6Blocked.addSubnet(network, prefix, 'ipv6')

/** True only for a valid IP address that is globally reachable unicast. Anything else (garbage too) is false. */
export function isPublicAddress(address: string): boolean {
  const version = isIP(address)
  if (version === 4) return !ipv4Blocked.check(address, 'ipv4')
  if (version !== 6) return false
  const words = ipv6Words(address)
  // Forms that carry an IPv4 address are judged by that address: a mapped ::ffff:127.0.0.1 is loopback.
  const embedded = embeddedIpv4(words)
  if (embedded !== null) return !ipv4Blocked.check(embedded, 'ipv4')
  const plain = address.replace(/%.*$/, '')
  return ipv6GlobalUnicast.check(plain, 'ipv6') && !ipv6Blocked.check(plain, 'ipv6')
}

/** The IPv4 address inside an IPv4-mapped (::ffff:0:0/96), NAT64 (64:ff9b::/96) or 6to4 (2002::/16) address. */
function embeddedIpv4(words: readonly number[]): string | null {
  const w = (i: number) => words[i] ?? 0
  const zeros = (from: number, to: number) => words.slice(from, to).every((x) => x === 0)
  if (zeros(0, 5) && w(5) === 0xffff) return ipv4FromWords(w(6), w(7))
  if (w(0) === 0x64 && w(1) === 0xff9b && zeros(2, 6)) return ipv4FromWords(w(6), w(7))
  if (w(0) === 0x2002) return ipv4FromWords(w(1), w(2))
  return null
}

function ipv4FromWords(high: number, low: number): string {
  return [high >> 8, high & 0xff, low >> 8, low & 0xff].join('.')
}

/** The eight 16-bit words of an IPv6 address already validated by isIP (zone id and dotted tail allowed). */
export function ipv6Words(address: string): number[] {
  let text = address.replace(/%.*$/, '')
  const dotted = /(\d+)\.(\d+)\.(\d+)\.(\d+)$/.exec(text)
  if (dotted) {
    const [a, b, c, d] = dotted.slice(1).map(Number) as [number, number, number, number]
    text = `${text.slice(0, dotted.index)}${((a << 8) | b).toString(16)}:${((c << 8) | d).toString(16)}`
  }
  const hex = (part: string | undefined) => (part ? part.split(':').map((h) => parseInt(h, 16)) : [])
  const [head, tail] = text.split('::')
  if (tail === undefined) return hex(head)
  const before = hex(head)
  const after = hex(tail)
  return [...before, ...new Array<number>(8 - before.length - after.length).fill(0), ...after]
}
