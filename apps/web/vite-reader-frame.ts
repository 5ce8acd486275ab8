import { writeFile } from 'node:fs/promises'
import path from 'node:path'
import { fileURLToPath } from 'node:url'
import { build, type Plugin, type Rolldown } from 'vite'

const entry = fileURLToPath(new URL('./src/features/reader/epub/frame/frame-main.ts', import.meta.url))
export const readerFrameScript = 'reader-frame.js'

/** foliate-js gives each section's iframe `allow-same-origin allow-scripts`; ours never run a book's scripts. */
const SECTION_SANDBOX = `setAttribute('sandbox', 'allow-same-origin allow-scripts')`
const SECTION_SANDBOX_NO_SCRIPTS = `setAttribute('sandbox', 'allow-same-origin')`

/**
 * Book sections are blob: documents of our origin (foliate needs their DOM), so a book's script there would act
 * as the app: the section frames lose `allow-scripts` (the frame's CSP blocks book scripts as well). The build
 * fails if foliate-js changes and the attribute is not found, rather than silently keeping it.
 */
function sectionsWithoutScripts(): Plugin {
  return {
    name: 'shelfcast-foliate-sections-without-scripts',
    transform(code, id) {
      if (!/foliate-js[\\/](paginator|fixed-layout)\.js$/.test(id)) return null
      if (!code.includes(SECTION_SANDBOX)) this.error(`foliate-js changed: no section sandbox in ${id}`)
      return code.replaceAll(SECTION_SANDBOX, SECTION_SANDBOX_NO_SCRIPTS)
    },
  }
}

/**
 * Builds the ebook reader's frame script (foliate-js and our frame code) after the app, as one classic script
 * at dist/reader-frame.js, loaded by public/reader-frame.html (served with its own strict CSP). One
 * self-contained file keeps foliate and its vendored zip/fflate out of the app's bundle and chunks.
 */
export function readerFrame(): Plugin {
  return {
    name: 'shelfcast-reader-frame',
    apply: 'build',
    async writeBundle(options) {
      const outDir = options.dir ?? path.resolve('dist')
      const output = await build({
        configFile: false,
        logLevel: 'warn',
        publicDir: false,
        plugins: [sectionsWithoutScripts()],
        build: {
          write: false,
          minify: true,
          lib: { entry, formats: ['iife'], name: 'shelfcastReaderFrame', fileName: () => readerFrameScript },
        },
      })
      const chunk = (Array.isArray(output) ? output : [output])
        .flatMap((o) => ('output' in o ? o.output : []))
        .find((file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.isEntry)
      if (!chunk) this.error('the reader frame build produced no script')
      await writeFile(path.join(outDir, readerFrameScript), chunk.code)
    },
  }
}
