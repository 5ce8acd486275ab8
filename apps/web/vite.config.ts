import tailwindcss from '@tailwindcss/vite'
import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineConfig, type ProxyOptions } from 'vite'
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
  plugins: [react(), tailwindcss(), serviceWorker()],
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  // Relative asset URLs: the server rewrites <base href> to ROUTER_BASE_PATH, so one build serves any base path.
  base: './',
  build: {
    outDir: 'dist',
    emptyOutDir: true,
    rolldownOptions: {
      output: {
        // Libraries change less often than the app: separate chunks stay cached across releases.
        codeSplitting: {
          groups: [
            { name: 'react', test: /node_modules[\\/](react|react-dom|scheduler)[\\/]/, priority: 3 },
            { name: 'router', test: /node_modules[\\/]react-router[\\/]/, priority: 3 },
            { name: 'zod', test: /node_modules[\\/]zod[\\/]/, priority: 3 },
            // Loaded on demand by the player when a transcode (HLS) is played.
            { name: 'hls', test: /node_modules[\\/]hls\.js[\\/]/, priority: 3 },
            { name: 'vendor', test: /node_modules[\\/]/, priority: 1 },
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
