import react from '@vitejs/plugin-react'
import { fileURLToPath } from 'node:url'
import { defineProject } from 'vitest/config'

export default defineProject({
  plugins: [react()],
  // Same `@/` alias as vite.config.ts.
  resolve: { alias: [{ find: /^@\//, replacement: fileURLToPath(new URL('./src/', import.meta.url)) }] },
  test: {
    name: 'web',
    environment: 'happy-dom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['src/test/setup.ts'],
    restoreMocks: true,
  },
})
