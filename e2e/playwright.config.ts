import { defineConfig } from '@playwright/test'
import { chromiumLaunchOptions } from './chromium.ts'

// Journeys against the real built server and client, in Debian's Chromium (never a downloaded browser).
export default defineConfig({
  testDir: '.',
  testMatch: '**/*.spec.ts',
  // The demo library, generated once per run for the journeys that browse it.
  globalSetup: './demo-library.setup.ts',
  // A journey's ceiling, not a speed target: on a busy 2-core machine a twelve-step journey takes a minute.
  timeout: 120_000,
  expect: { timeout: 10_000 },
  fullyParallel: true,
  workers: process.env.CI ? 2 : 2,
  retries: 0,
  reporter: [['list'], ['json', { outputFile: '../.test-reports/playwright.json' }]],
  outputDir: '../test-results',
  use: {
    browserName: 'chromium',
    launchOptions: chromiumLaunchOptions,
    trace: 'retain-on-failure',
    screenshot: 'only-on-failure',
  },
})
