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

/** The frame script as one self-contained classic script (null if the build produced none). */
async function buildFrameScript(minify: boolean): Promise<string | null> {
  const output = await build({
    configFile: false,
    logLevel: 'warn',
    publicDir: false,
    plugins: [sectionsWithoutScripts()],
    build: {
      write: false,
      minify,
      lib: { entry, formats: ['iife'], name: 'shelfcastReaderFrame', fileName: () => readerFrameScript },
    },
  })
  const chunk = (Array.isArray(output) ? output : [output])
    .flatMap((o) => ('output' in o ? o.output : []))
    .find((file): file is Rolldown.OutputChunk => file.type === 'chunk' && file.isEntry)
  return chunk?.code ?? null
}

/**
 * Builds the ebook reader's frame script (foliate-js and our frame code) after the app, as one classic script
 * at dist/reader-frame.js, loaded by public/reader-frame.html (served with its own strict CSP). One
 * self-contained file keeps foliate and its vendored zip/fflate out of the app's bundle and chunks. The dev
 * server builds it on request (unminified), so the reader works there too.
 */
export function readerFrame(): Plugin {
  return {
    name: 'shelfcast-reader-frame',
    async writeBundle(options) {
      const outDir = options.dir ?? path.resolve('dist')
      const code = await buildFrameScript(true)
      if (code === null) this.error('the reader frame build produced no script')
      await writeFile(path.join(outDir, readerFrameScript), code)
    },
    configureServer(server) {
      server.middlewares.use(`/${readerFrameScript}`, (_req, res, next) => {
        buildFrameScript(false)
          .then((code) => {
            if (code === null) return next()
            res.setHeader('content-type', 'text/javascript; charset=utf-8')
            res.end(code)
          })
          .catch(next)
      })
    },
  }
}
