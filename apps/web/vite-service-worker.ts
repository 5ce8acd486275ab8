import { createHash } from 'node:crypto'
import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin, type Rolldown } from 'vite'
import type { ServiceWorkerBuild } from './src/app/service-worker/protocol.ts'

const entry = fileURLToPath(new URL('./src/sw.ts', import.meta.url))
export const serviceWorkerFileName = 'sw.js'

/** The fingerprinted files index.html loads (script, styles, module preloads): what the shell needs offline. */
function filesIndexLoads(indexHtml: string): string[] {
  const files = [...indexHtml.matchAll(/\b(?:src|href)="(?:\.\/)?(assets\/[^"?#]+)"/g)].map((m) => m[1]!)
  return [...new Set(files)].sort()
}

function sourceText(file: Rolldown.OutputAsset | Rolldown.OutputChunk): string {
  if (file.type === 'chunk') return file.code
  return typeof file.source === 'string' ? file.source : Buffer.from(file.source).toString('utf8')
}

/**
 * Builds src/sw.ts after the app, as its own classic script at dist/sw.js (no fingerprint: browsers find a
 * worker by a fixed URL), stamped with the build's version and precache list. A build of its own keeps the
 * worker a single self-contained file, whatever the app's chunking does. The version is a hash of the app's
 * output, so any change to the app changes sw.js, which is how browsers notice a new deploy.
 */
export function serviceWorker(): Plugin {
  return {
    name: 'shelfcast-service-worker',
    apply: 'build',
    async writeBundle(options, bundle) {
      const outDir = options.dir ?? path.resolve('dist')
      const index = bundle['index.html']
      if (!index) this.error('the service worker needs index.html in the build')
      const indexHtml = sourceText(index)

      const hash = createHash('sha256')
      for (const name of Object.keys(bundle).sort())
        hash.update(name).update('\0').update(sourceText(bundle[name]!))
      const stamp: ServiceWorkerBuild = {
        version: hash.digest('hex').slice(0, 16),
        precache: filesIndexLoads(indexHtml),
      }

      const output = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        define: { __SHELFCAST_SW_BUILD__: JSON.stringify(stamp) },
        build: {
          write: false,
          minify: true,
          lib: {
            entry,
            formats: ['iife'],
            name: 'shelfcastServiceWorker',
            fileName: () => serviceWorkerFileName,
          },
        },
      })
      const chunk = (Array.isArray(output) ? output : [output])
        .flatMap((o) => ('output' in o ? o.output : []))
        .find((file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.isEntry)
      if (!chunk) this.error('the service worker build produced no script')
      if (chunk.code.includes('__SHELFCAST_SW_BUILD__')) this.error('sw.js was not stamped with its build')
      await writeFile(path.join(outDir, serviceWorkerFileName), chunk.code)
    },
  }
}
