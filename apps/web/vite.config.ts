import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, type ProxyOptions } from 'vite'
import { localeSplit } from './vite-locale-split.ts'
import { pdfjsData } from './vite-pdfjs-data.ts'
import { readerFrame } from './vite-reader-frame.ts'
import { serviceWorker } from './vite-service-worker.ts'

const serverOrigin = 'http://127.0.0.1:13378'

// Paths the Shelfcast server answers; everything else is the SPA.
// ('/api/' and '/auth/' keep their slash so client pages like /author/:id stay with the SPA.)
const proxiedPaths = ['/api/', '/auth/', '/login', '/logout', '/init', '/status', '/ping']

const toServer: ProxyOptions = {
  target: serverOrigin,
  // /login is both a server call (POST) and a client page: page loads stay with the SPA.
  bypass: (req) =>
    req.method === 'GET' && req.headers.accept?.includes('text/html') ? '/index.html' : undefined,
}

export default defineConfig({
  // pdfjsData: the PDF reader's decoders, fonts and character maps, which pdf.js's worker fetches by name.
  plugins: [react(), tailwindcss(), pdfjsData(), serviceWorker(), readerFrame(), localeSplit()],
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  // Relative asset URLs: the server rewrites <base href> to ROUTER_BASE_PATH, so one build serves any base path.
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    // dist/.vite/manifest.json: which chunk holds which module (the first-load budget journey reads it;
    // the server never serves dot folders).
    manifest: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 3 },
            // Loaded on demand by the player when a transcode (HLS) is played.
            { name: 'hls', test: /node_modules[\\/]hls\.js[\\/]/, priority: 3 },
            // Fetched when the socket opens after sign-in (lib/socket/socket-client.ts).
            {
              name: 'socket',
              test: /node_modules[\\/](socket\.io-client|socket\.io-parser|engine\.io-client|engine\.io-parser|@socket\.io)[\\/]/,
              priority: 3,
            },
            // Only what the shell needs before the first route renders; every other library (virtual lists,
            // Radix widgets, ...) travels with the code that imports it, so on-demand pages keep theirs.
            {
              name: 'vendor',
              test: /node_modules[\\/](@tanstack[\\/]query-core|@tanstack[\\/]react-query|i18next|react-i18next|zustand|use-sync-external-store)[\\/]/,
              priority: 1,
            },
          ],
        },
      },
    },
  },
  server: {
    proxy: {
      ...Object.fromEntries(proxiedPaths.map((path) => [path, toServer])),
      '/socket.io': { target: serverOrigin, ws: true },
    },
  },
})
