/**
 * First load of the web app: the JavaScript a browser must fetch before the first route renders — the entry
 * script of `apps/web/dist/index.html` and every module it preloads — compressed as a server would send it.
 * Lazily loaded chunks (routes and modals on demand, socket.io, hls.js, locales) are listed apart: they do
 * not count. The computation is shared with the budget journey (e2e/first-load-size.ts).
 *
 * Build first (`npm run build`), then `npm run bench:first-load`. Target (issue #14): at most 200 kB gzip.
 */
import { kB, measureFirstLoad } from '../e2e/first-load-size.ts'

const BUDGET_GZIP_BYTES = 200 * 1024

const { scripts, initialGzip, initialCount } = measureFirstLoad()
console.log('file'.padEnd(44), 'raw'.padStart(10), 'gzip'.padStart(10), ' loaded')
for (const script of scripts) {
  console.log(
    script.file.replace(/^assets\//, '').padEnd(44),
    kB(script.raw).padStart(10),
    kB(script.gzip).padStart(10),
    script.initial ? ' first' : ' later',
  )
}
console.log(
  `\nfirst-load JavaScript: ${kB(initialGzip)} gzip in ${initialCount} files (budget ${kB(BUDGET_GZIP_BYTES)})`,
)
console.log(
  initialGzip <= BUDGET_GZIP_BYTES
    ? 'within budget'
    : `over budget by ${kB(initialGzip - BUDGET_GZIP_BYTES)}`,
)
