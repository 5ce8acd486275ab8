import { spawnSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'

const repoRoot = path.resolve(import.meta.dirname, '..')

/**
 * Playwright global setup: generates the demo library (scripts/demo-library.ts, real media made with
 * ffmpeg) once per run and hands its path to every worker as SHELFCAST_E2E_DEMO_LIBRARY; journeys start
 * their server with DEMO_LIBRARY_PATH set to it. Returns the teardown that removes it.
 */
export default function generateDemoLibraryOnce(): () => void {
  const out = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-e2e-demo-'))
  // process.execPath is the pinned Node 24 running Playwright.
  const run = spawnSync(process.execPath, [path.join(repoRoot, 'scripts/demo-library.ts'), '--out', out], {
    cwd: repoRoot,
    encoding: 'utf8',
  })
  if (run.status !== 0) throw new Error(`demo library generation failed:\n${run.stdout}\n${run.stderr}`)
  process.env.SHELFCAST_E2E_DEMO_LIBRARY = out
  return () => fs.rmSync(out, { recursive: true, force: true })
}
