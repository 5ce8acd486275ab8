import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'
import { localeSplit } from './vite-locale-split.ts'

export default defineProject({
  plugins: [react(), localeSplit()],
  // Same `@/` alias as vite.config.ts.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
    // A ceiling for a test that waits for a state, never a pace: a loaded machine renders the whole app slowly.
    testTimeout: 30_000,
  },
})
