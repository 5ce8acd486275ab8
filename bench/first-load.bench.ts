/**
 * First load of the web app: the JavaScript a browser must fetch before the first route renders — the entry
 * script of `apps/web/dist/index.html` and every module it preloads — compressed as a server would send it.
 * Lazily loaded chunks (routes on demand, hls.js, locales) are listed apart: they do not count.
 *
 * Build first (`npm run build`), then `npm run bench:first-load`. Target (issue #14): at most 200 kB gzip.
 */
import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

const BUDGET_GZIP_BYTES = 200 * 1024
const dist = path.resolve(import.meta.dirname, '../apps/web/dist')
const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')

/** The scripts index.html loads at once: its module entry and the modules it preloads. */
const initial = [
  ...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g),
  ...html.matchAll(/<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g),
].map((m) => path.join(dist, m[1]!))
const all = fs
  .readdirSync(path.join(dist, 'assets'))
  .filter((f) => f.endsWith('.js'))
  .map((f) => path.join(dist, 'assets', f))

const gzipBytes = (file: string) => zlib.gzipSync(fs.readFileSync(file), { level: 9 }).length
const kB = (bytes: number) => `${(bytes / 1024).toFixed(1)} kB`

const rows = all
  .map((file) => ({ file: path.basename(file), raw: fs.statSync(file).size, gzip: gzipBytes(file) }))
  .sort((a, b) => b.gzip - a.gzip)
const initialNames = new Set(initial.map((f) => path.basename(f)))
let total = 0
console.log('file'.padEnd(36), 'raw'.padStart(10), 'gzip'.padStart(10), ' loaded')
for (const row of rows) {
  const first = initialNames.has(row.file)
  if (first) total += row.gzip
  console.log(
    row.file.padEnd(36),
    kB(row.raw).padStart(10),
    kB(row.gzip).padStart(10),
    first ? ' first' : ' later',
  )
}
console.log(
  `\nfirst-load JavaScript: ${kB(total)} gzip in ${initialNames.size} files (budget ${kB(BUDGET_GZIP_BYTES)})`,
)
console.log(total <= BUDGET_GZIP_BYTES ? 'within budget' : `over budget by ${kB(total - BUDGET_GZIP_BYTES)}`)
