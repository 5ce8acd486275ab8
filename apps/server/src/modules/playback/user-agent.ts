/**
 * The browser and OS named by a User-Agent header, as Audiobookshelf stores them with a device (it uses
 * ua-parser-js). Only names from the fixed lists below and dotted version numbers come out, so nothing a
 * client writes in its header reaches another client's page.
 */
export interface UserAgentFacts {
  browserName: string | null
  browserVersion: string | null
  osName: string | null
  osVersion: string | null
}

const VERSION = '(\\d+(?:[._]\\d+){0,3})'
/** First match wins: Edge and Opera also say Chrome, Chrome also says Safari. */
const BROWSERS: [string, RegExp][] = [
  ['Edge', new RegExp(`Edg(?:e|A|iOS)?/${VERSION}`)],
  ['Opera', new RegExp(`OPR/${VERSION}`)],
  ['Firefox', new RegExp(`(?:Firefox|FxiOS)/${VERSION}`)],
  ['Chrome', new RegExp(`(?:Chrome|CriOS)/${VERSION}`)],
  ['Safari', new RegExp(`Version/${VERSION}.*Safari/`)],
]
const OSES: [string, RegExp][] = [
  ['Windows', new RegExp(`Windows NT ${VERSION}`)],
  ['iOS', new RegExp(`(?:iPhone|CPU) OS ${VERSION}`)],
  ['Android', new RegExp(`Android ${VERSION}`)],
  ['Chromium OS', new RegExp(`CrOS \\S+ ${VERSION}`)],
  ['Mac OS', new RegExp(`Mac OS X ${VERSION}`)],
  ['Linux', /Linux()/],
]
/** Windows NT versions by their marketing names, as ua-parser-js reports them. */
const WINDOWS: Record<string, string> = { '10.0': '10', '6.3': '8.1', '6.2': '8', '6.1': '7' }

const match = (list: [string, RegExp][], ua: string): [string, string | null] | null => {
  for (const [name, re] of list) {
    const m = re.exec(ua)
    if (m) return [name, m[1] ? m[1].replace(/_/g, '.') : null]
  }
  return null
}

export function parseUserAgent(ua: string | null | undefined): UserAgentFacts {
  const text = (ua ?? '').slice(0, 1000)
  const browser = match(BROWSERS, text)
  const os = match(OSES, text)
  const osVersion = os && os[0] === 'Windows' && os[1] ? (WINDOWS[os[1]] ?? os[1]) : (os?.[1] ?? null)
  return {
    browserName: browser?.[0] ?? null,
    browserVersion: browser?.[1] ?? null,
    osName: os?.[0] ?? null,
    osVersion,
  }
}
