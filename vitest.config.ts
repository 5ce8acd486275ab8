import { availableParallelism } from 'node:os'
import { defineConfig } from 'vitest/config'

// One runner for every unit, component and integration test; e2e journeys run under Playwright.
export default defineConfig({
  test: {
    // Vitest's default is one worker on a 2-core machine; most files wait on ffmpeg, SQLite files, sockets or
    // child servers, so two side by side finish much sooner.
    maxWorkers: Math.max(2, availableParallelism()),
    projects: [
      {
        test: {
          name: 'contracts',
          include: ['packages/contracts/src/**/*.test.ts'],
          environment: 'node',
        },
      },
      {
        test: {
          name: 'server',
          include: ['apps/server/src/**/*.test.ts'],
          environment: 'node',
          // Every JSON answer a route makes is checked against its contract (http/serve-route.ts).
          env: { SHELFCAST_CHECK_ANSWERS: '1' },
          // Ceilings for tests that wait for a state (a scan, a socket event, a server process), never a pace:
          // a busy machine can take many times longer than a quiet one to get there.
          testTimeout: 60_000,
          hookTimeout: 120_000,
        },
      },
      {
        test: {
          name: 'scripts',
          include: ['scripts/**/*.test.ts'],
          environment: 'node',
          testTimeout: 60000,
        },
      },
      'apps/web/vitest.config.ts',
    ],
  },
})
