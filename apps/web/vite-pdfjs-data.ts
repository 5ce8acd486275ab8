import { createReadStream, readFileSync, statSync } from 'node:fs'
import { readdir, readFile } from 'node:fs/promises'
import { createRequire } from 'node:module'
import path from 'node:path'
import type { Plugin } from 'vite'

const pdfjsRoot = path.dirname(createRequire(import.meta.url).resolve('pdfjs-dist/package.json'))
const pdfjsVersion = (
  JSON.parse(readFileSync(path.join(pdfjsRoot, 'package.json'), 'utf8')) as { version: string }
).version

/**
 * What pdf.js's worker fetches by folder and fixed file name, beside its code: the image decoders for JPEG 2000
 * and JBIG2 scans and ICC colour (WebAssembly), the standard 14 fonts of PDFs that do not embed them, and the
 * CJK character maps. Without them such pages draw with blank images or wrong glyphs.
 */
const DATA_FOLDERS = ['wasm', 'standard_fonts', 'cmaps', 'iccs']

/**
 * Where they are served: under assets/ (cached as immutable by the server) in a folder named by pdf.js's
 * version, so an upgrade never meets an old copy in a cache. The client finds it from `pdfjs.version`
 * (features/reader/pdf/pdf-engine.ts).
 */
export const pdfjsDataDir = `assets/pdfjs-${pdfjsVersion}`

/** Copies pdf.js's data folders into the build as they are (pdf.js asks for them by name), and serves them in dev. */
export function pdfjsData(): Plugin {
  return {
    name: 'shelfcast-pdfjs-data',
    async generateBundle() {
      for (const folder of DATA_FOLDERS) {
        for (const name of await readdir(path.join(pdfjsRoot, folder))) {
          this.emitFile({
            type: 'asset',
            fileName: `${pdfjsDataDir}/${folder}/${name}`,
            source: await readFile(path.join(pdfjsRoot, folder, name)),
          })
        }
      }
    },
    configureServer(server) {
      server.middlewares.use(`/${pdfjsDataDir}/`, (req, res, next) => {
        const [folder, name] = (req.url ?? '').split('?')[0]!.replace(/^\//, '').split('/')
        if (!folder || !name || !DATA_FOLDERS.includes(folder) || name.startsWith('.')) return next()
        const file = path.join(pdfjsRoot, folder, name)
        if (!statSync(file, { throwIfNoEntry: false })?.isFile()) return next()
        createReadStream(file).pipe(res)
      })
    },
  }
}
