import { existsSync, readFileSync } from 'node:fs'
import { fileURLToPath } from 'node:url'
import type { Plugin } from 'vite'
import { collectCoreKeys, pickStrings } from './src/lib/i18n/core-keys.ts'

const srcRoot = fileURLToPath(new URL('./src', import.meta.url))
const entry = `${srcRoot}/main.tsx`
const prefix = '\0shelfcast-locale-split:'

/**
 * Two views of a locale file: `en-us.json?core` holds the strings the first load's code uses (the files reached
 * by static imports from src/main.tsx), `en-us.json?rest` every other one, fetched right after the first render
 * (lib/i18n/remaining-strings.ts). The JSON file stays the one source of every string. Outside a build (dev
 * server, vitest) the core view is the whole file and the rest is empty: nothing to wait for.
 */
export function localeSplit(): Plugin {
  let isBuild = false
  let coreKeys: Set<string> | undefined
  return {
    name: 'shelfcast-locale-split',
    enforce: 'pre',
    configResolved(config) {
      isBuild = config.command === 'build'
    },
    buildStart() {
      coreKeys = undefined
    },
    async resolveId(source, importer) {
      // The dev server asks again for an id this plugin made (/@id/__x00__…).
      if (source.startsWith(prefix)) return source
      const match = /^(.+\.json)\?(core|rest)$/.exec(source)
      if (!match) return null
      const resolved = await this.resolve(match[1]!, importer, { skipSelf: true })
      // The id must not end in .json, or Vite's JSON plugin would parse the module this plugin returns.
      return resolved ? `${prefix}${match[2]}:${resolved.id}.js` : null
    },
    load(id) {
      if (!id.startsWith(prefix)) return null
      const [part, file] = [
        id.slice(prefix.length, prefix.length + 4),
        id.slice(prefix.length + 5, -'.js'.length),
      ]
      if (part !== 'core' && part !== 'rest') return null
      this.addWatchFile(file)
      const strings = JSON.parse(readFileSync(file, 'utf8')) as Record<string, string>
      if (!isBuild) return `export default ${JSON.stringify(part === 'core' ? strings : {})}`
      coreKeys ??= collectCoreKeys({
        entry,
        srcRoot,
        readFile: (path) => (existsSync(path) ? readFileSync(path, 'utf8') : null),
        exists: existsSync,
      }).keys
      return `export default ${JSON.stringify(pickStrings(strings, coreKeys, part))}`
    },
  }
}
