import { execFile } from 'node:child_process'
import { mkdtemp, readFile, rm, writeFile, copyFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { join } from 'node:path'
import { promisify } from 'node:util'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { parseStep, summarise, summarisePlaywright, summariseVitest } from './test-summary.ts'

const fixtures = join(import.meta.dirname, 'fixtures', 'test-reports')
const load = async (name: string) => JSON.parse(await readFile(join(fixtures, name), 'utf8')) as object

const lastLine = (lines: string[]) => lines[lines.length - 1]

describe('summariseVitest (real vitest JSON)', () => {
  it('counts passed and failed tests, plus files that failed outside any test', async () => {
    const suite = summariseVitest(await load('vitest-mixed.json'))
    expect(suite).toMatchObject({ passed: 2, failed: 3, skipped: 3 })
    expect(suite.failures).toEqual([
      expect.stringMatching(/broken\.test\.ts: Cannot find module/),
      expect.stringMatching(/hook\.test\.ts: database did not start/),
      expect.stringMatching(/math\.test\.ts > math subtracts wrongly$/),
    ])
  })
})

describe('summarisePlaywright (real Playwright JSON)', () => {
  it('counts expected and flaky as passed, unexpected as failed, and names the failure', async () => {
    const suite = summarisePlaywright(await load('playwright-mixed.json'))
    expect(suite).toMatchObject({ passed: 2, failed: 1, skipped: 1 })
    expect(suite.failures).toEqual(['[chromium] a.spec.ts > library > fails'])
    expect(suite.notes).toEqual(['1 flaky (passed on retry)'])
  })

  it('counts a top-level error (a spec that does not load) as a failure', async () => {
    const suite = summarisePlaywright(await load('playwright-load-error.json'))
    expect(suite).toMatchObject({ passed: 0, failed: 1 })
    expect(suite.failures).toEqual(['error: Error: spec file does not load'])
  })
})

describe('summarise', () => {
  const passingVitest = {
    numPassedTests: 5,
    numFailedTests: 0,
    testResults: [{ name: 'a.test.ts', status: 'passed', assertionResults: [] }],
  }

  it('sums both suites, counts each failed step once, and ends with exactly "N passed, N failed"', async () => {
    const summary = summarise({
      steps: [
        ['lint', 0],
        ['typecheck', 2],
        ['build', 1],
        ['vitest', 1],
        ['playwright', 1],
      ],
      vitest: await load('vitest-mixed.json'),
      playwright: await load('playwright-mixed.json'),
    })
    expect(summary).toMatchObject({ passed: 4, failed: 6, ok: false })
    expect(lastLine(summary.lines)).toBe('4 passed, 6 failed')
    expect(summary.lines).toContain('  typecheck   FAILED (exit 2): counts as 1 failed')
    expect(summary.lines.join('\n')).toMatch(/vitest\s+2 passed, 3 failed, 3 skipped \(4 files\)/)
    expect(summary.lines.join('\n')).toMatch(/playwright\s+2 passed, 1 failed, 1 skipped/)
    expect(summary.lines).toContain('  - build failed (exit 1)')
  })

  it('passes when every step passed and tests ran', () => {
    const summary = summarise({
      steps: [
        ['lint', 0],
        ['vitest', 0],
        ['playwright', 'skipped'],
      ],
      vitest: passingVitest,
    })
    expect(summary).toMatchObject({ passed: 5, failed: 0, ok: true })
    expect(summary.lines).toContain('  playwright  skipped')
    expect(lastLine(summary.lines)).toBe('5 passed, 0 failed')
  })

  it('fails when no test ran at all', () => {
    const summary = summarise({
      steps: [
        ['lint', 0],
        ['vitest', 0],
      ],
      vitest: { numPassedTests: 0, testResults: [] },
    })
    expect(summary.ok).toBe(false)
    expect(lastLine(summary.lines)).toBe('0 passed, 0 failed')
  })

  it('counts a runner that failed without a failed test, or wrote no report, as one failure', () => {
    const crashed = summarise({ steps: [['vitest', 1]], vitest: passingVitest })
    expect(lastLine(crashed.lines)).toBe('5 passed, 1 failed')
    const missing = summarise({
      steps: [
        ['vitest', 0],
        ['playwright', 1],
      ],
      vitest: passingVitest,
    })
    expect(lastLine(missing.lines)).toBe('5 passed, 1 failed')
    expect(missing.lines.join('\n')).toMatch(/playwright\s+FAILED: no JSON report \(exit 1\)/)
  })

  it('parses --step values', () => {
    expect(parseStep('lint=0')).toEqual(['lint', 0])
    expect(parseStep('playwright=skipped')).toEqual(['playwright', 'skipped'])
    expect(() => parseStep('lint')).toThrow()
  })
})

describe('test-summary CLI', () => {
  let dir: string
  beforeAll(async () => {
    dir = await mkdtemp(join(tmpdir(), 'shelfcast-summary-test-'))
  })
  afterAll(async () => {
    await rm(dir, { recursive: true, force: true })
  })

  const run = (args: string[]) =>
    promisify(execFile)(process.execPath, [
      join(import.meta.dirname, 'test-summary.ts'),
      '--reports',
      dir,
      ...args,
    ]).then(
      (r) => ({ code: 0, stdout: r.stdout }),
      (e: { code: number; stdout: string }) => ({ code: e.code, stdout: e.stdout }),
    )

  it('reads the reports from the folder, prints the total last and exits 1 on failures', async () => {
    await copyFile(join(fixtures, 'vitest-mixed.json'), join(dir, 'vitest.json'))
    await copyFile(join(fixtures, 'playwright-mixed.json'), join(dir, 'playwright.json'))
    const result = await run(['--step', 'lint=0', '--step', 'vitest=1', '--step', 'playwright=1'])
    expect(result.code).toBe(1)
    expect(result.stdout.trimEnd().split('\n').at(-1)).toBe('4 passed, 4 failed')
  })

  it('exits 0 when all passed', async () => {
    await writeFile(
      join(dir, 'vitest.json'),
      JSON.stringify({
        numPassedTests: 3,
        testResults: [{ name: 'x', status: 'passed', assertionResults: [] }],
      }),
    )
    const result = await run(['--step', 'vitest=0', '--step', 'playwright=skipped'])
    expect(result).toEqual({ code: 0, stdout: expect.stringMatching(/\n3 passed, 0 failed\n$/) })
  })
})
