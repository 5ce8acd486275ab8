import fs from 'node:fs'
import path from 'node:path'
import zlib from 'node:zlib'

/**
 * The first load of the built web app: the JavaScript a browser must fetch before the first route renders,
 * i.e. the entry script of `apps/web/dist/index.html` and every module it preloads, gzipped (level 9) as a
 * server would send it. Shared by the budget journey (e2e/first-load-budget.spec.ts) and
 * `npm run bench:first-load`.
 */
export const webDist = path.resolve(import.meta.dirname, '../apps/web/dist')

export interface ScriptSize {
  /** Path under dist, e.g. `assets/index-abc.js`. */
  file: string
  raw: number
  gzip: number
  /** Fetched before the first route renders (entry or modulepreload). */
  initial: boolean
}

export interface FirstLoad {
  /** Every script of the build, largest (gzip) first. */
  scripts: ScriptSize[]
  /** Sum of the gzip sizes of the initial scripts. */
  initialGzip: number
  initialCount: number
}

/** The scripts index.html loads at once: its module entry and the modules it preloads (paths under dist). */
export function initialScripts(dist = webDist): string[] {
  const html = fs.readFileSync(path.join(dist, 'index.html'), 'utf8')
  const urls = [
    ...html.matchAll(/<script[^>]*\bsrc="([^"]+\.js)"/g),
    ...html.matchAll(/<link[^>]*\brel="modulepreload"[^>]*\bhref="([^"]+\.js)"/g),
  ].map((match) => path.posix.normalize(match[1]!.replace(/^\.\//, '')))
  return [...new Set(urls)]
}

export const gzipSize = (bytes: Buffer): number => zlib.gzipSync(bytes, { level: 9 }).length

export function measureFirstLoad(dist = webDist): FirstLoad {
  const initial = new Set(initialScripts(dist))
  const scripts = fs
    .readdirSync(path.join(dist, 'assets'))
    .filter((name) => name.endsWith('.js'))
    .map((name) => {
      const file = `assets/${name}`
      const bytes = fs.readFileSync(path.join(dist, file))
      return { file, raw: bytes.length, gzip: gzipSize(bytes), initial: initial.has(file) }
    })
    .sort((a, b) => b.gzip - a.gzip)
  const firsts = scripts.filter((script) => script.initial)
  return {
    scripts,
    initialGzip: firsts.reduce((sum, script) => sum + script.gzip, 0),
    initialCount: firsts.length,
  }
}

interface ManifestChunk {
  file: string
  isDynamicEntry?: boolean
}

/** The chunk (path under dist) whose entry is the given source module (`src/...` under apps/web), from Vite's manifest. */
export function chunkOf(sourceModule: string, dist = webDist): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
  const chunk = manifest[sourceModule]
  if (!chunk)
    throw new Error(`${sourceModule} is no chunk's entry in the build (is it still loaded on demand?)`)
  return chunk.file
}

/**
 * The chunk of the en-us strings the first load leaves out (apps/web/vite-locale-split.ts, `en-us.json?rest`):
 * a virtual module, so its manifest key carries the build's absolute path.
 */
export function restStringsChunk(dist = webDist): string {
  const manifest = JSON.parse(fs.readFileSync(path.join(dist, '.vite/manifest.json'), 'utf8')) as Record<
    string,
    ManifestChunk
  >
  const entry = Object.entries(manifest).find(([key]) => /locale-split:rest:.*en-us\.json/.test(key))
  if (!entry) throw new Error('no en-us rest-strings chunk in the build (is the locale split still on?)')
  return entry[1].file
}

export const kB = (bytes: number): string => `${(bytes / 1024).toFixed(1)} kB`
