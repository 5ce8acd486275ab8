// Reads the vitest and Playwright JSON reports and the exit codes of the other steps of `npm test`, and prints
// a per-suite breakdown, then, as the very last line, `N passed, N failed` (tests of vitest + Playwright; every
// failed lint/typecheck/build step counts as one failure). Exits 1 when anything failed or no test ran.
//   node scripts/test-summary.ts [--reports DIR] --step lint=0 --step typecheck=2 --step vitest=1 --step playwright=skipped
import { existsSync, readFileSync } from 'node:fs'
import { join, relative, resolve } from 'node:path'
import { fileURLToPath } from 'node:url'

/** An exit code, or 'skipped' when the step did not run. */
export type StepOutcome = number | 'skipped'

export interface SuiteSummary {
  name: string
  passed: number
  failed: number
  skipped: number
  /** One line each: failed tests and anything that made the suite fail without a failed test. */
  failures: string[]
  /** Shown beside the counts: file count, flaky tests, "not run". */
  notes: string[]
}

// The parts of the reports we read. Vitest: JsonTestResults from its json reporter.
interface VitestAssertion {
  fullName?: string
  title?: string
  status?: string
}
interface VitestFile {
  name?: string
  status?: string
  message?: string
  assertionResults?: VitestAssertion[]
}
interface VitestReport {
  numPassedTests?: number
  numFailedTests?: number
  numPendingTests?: number
  numTodoTests?: number
  numTotalTestSuites?: number
  testResults?: VitestFile[]
}

// Playwright: JSONReport from its json reporter (v2).
interface PlaywrightTest {
  status?: string
  projectName?: string
}
interface PlaywrightSpec {
  title?: string
  file?: string
  line?: number
  tests?: PlaywrightTest[]
}
interface PlaywrightSuite {
  title?: string
  specs?: PlaywrightSpec[]
  suites?: PlaywrightSuite[]
}
interface PlaywrightReport {
  stats?: { expected?: number; unexpected?: number; flaky?: number; skipped?: number }
  errors?: Array<{ message?: string }>
  suites?: PlaywrightSuite[]
}

const firstLine = (s: string | undefined): string => (s ?? '').trim().split('\n')[0]?.slice(0, 200) ?? ''

const displayPath = (file: string | undefined): string =>
  file ? (file.startsWith('/') ? relative(process.cwd(), file) || file : file) : '?'

export function summariseVitest(report: VitestReport): SuiteSummary {
  const failures: string[] = []
  let fileFailures = 0
  for (const file of report.testResults ?? []) {
    const tests = file.assertionResults ?? []
    for (const t of tests) {
      if (t.status === 'failed') failures.push(`${displayPath(file.name)} > ${t.fullName || t.title || '?'}`)
    }
    // A file can fail with no failed test: an import error, a failing beforeAll/afterAll, an error between tests.
    if (file.status === 'failed' && !tests.some((t) => t.status === 'failed')) {
      fileFailures++
      failures.push(`${displayPath(file.name)}: ${firstLine(file.message) || 'failed outside any test'}`)
    }
  }
  return {
    name: 'vitest',
    passed: report.numPassedTests ?? 0,
    failed: (report.numFailedTests ?? 0) + fileFailures,
    skipped: (report.numPendingTests ?? 0) + (report.numTodoTests ?? 0),
    failures,
    notes: [`${(report.testResults ?? []).length} files`],
  }
}

function* playwrightSpecs(
  suites: readonly PlaywrightSuite[],
  path: string[] = [],
): Generator<[string[], PlaywrightSpec]> {
  for (const suite of suites) {
    const here = suite.title ? [...path, suite.title] : path
    for (const spec of suite.specs ?? []) yield [here, spec]
    yield* playwrightSpecs(suite.suites ?? [], here)
  }
}

export function summarisePlaywright(report: PlaywrightReport): SuiteSummary {
  const stats = report.stats ?? {}
  const failures: string[] = []
  for (const [path, spec] of playwrightSpecs(report.suites ?? [])) {
    for (const test of spec.tests ?? []) {
      if (test.status === 'unexpected') {
        const project = test.projectName ? `[${test.projectName}] ` : ''
        failures.push(`${project}${[...path, spec.title ?? '?'].join(' > ')}`)
      }
    }
  }
  // Errors outside tests: global setup, the web server, a spec file that does not load, "no tests found".
  const errors = report.errors ?? []
  for (const e of errors) failures.push(`error: ${firstLine(e.message) || 'unknown'}`)
  const notes: string[] = []
  if (stats.flaky) notes.push(`${stats.flaky} flaky (passed on retry)`)
  return {
    name: 'playwright',
    passed: (stats.expected ?? 0) + (stats.flaky ?? 0),
    failed: (stats.unexpected ?? 0) + errors.length,
    skipped: stats.skipped ?? 0,
    failures,
    notes,
  }
}

export interface SummaryInput {
  /** In the order they ran; `vitest` and `playwright` are read from their reports. */
  steps: ReadonlyArray<[name: string, outcome: StepOutcome]>
  vitest?: VitestReport
  playwright?: PlaywrightReport
}

export interface Summary {
  lines: string[]
  passed: number
  failed: number
  ok: boolean
}

const REPORTED = { vitest: summariseVitest, playwright: summarisePlaywright } as const

export function summarise(input: SummaryInput): Summary {
  const lines = ['Test summary']
  const failures: string[] = []
  let passed = 0
  let failed = 0
  let testsRan = 0
  const width = Math.max(10, ...input.steps.map(([name]) => name.length))
  for (const [name, outcome] of input.steps) {
    const label = `  ${name.padEnd(width)}  `
    if (outcome === 'skipped') {
      lines.push(`${label}skipped`)
      continue
    }
    const reader = REPORTED[name as keyof typeof REPORTED]
    if (!reader) {
      if (outcome === 0) lines.push(`${label}ok`)
      else {
        lines.push(`${label}FAILED (exit ${outcome}): counts as 1 failed`)
        failures.push(`${name} failed (exit ${outcome})`)
        failed++
      }
      continue
    }
    const report = input[name as keyof typeof REPORTED]
    if (!report) {
      lines.push(`${label}FAILED: no JSON report (exit ${outcome}): counts as 1 failed`)
      failures.push(`${name} wrote no report (exit ${outcome})`)
      failed++
      continue
    }
    const suite = reader(report as never)
    if (outcome !== 0 && suite.failed === 0) {
      // The runner failed with no failed test to show for it: unhandled errors, a crash, a config problem.
      suite.failed = 1
      suite.failures.push(`${name} exited with code ${outcome} without a failed test (see its output above)`)
    }
    passed += suite.passed
    failed += suite.failed
    testsRan += suite.passed + suite.failed
    const notes = suite.notes.length ? ` (${suite.notes.join(', ')})` : ''
    lines.push(`${label}${suite.passed} passed, ${suite.failed} failed, ${suite.skipped} skipped${notes}`)
    failures.push(...suite.failures.map((f) => `${name}: ${f}`))
  }
  if (failures.length > 0) {
    lines.push('Failures:')
    const shown = failures.slice(0, 50)
    lines.push(...shown.map((f) => `  - ${f}`))
    if (failures.length > shown.length) lines.push(`  ... and ${failures.length - shown.length} more`)
  }
  if (testsRan === 0) lines.push('No tests ran: that counts as a failure of the suite.')
  lines.push(`${passed} passed, ${failed} failed`)
  return { lines, passed, failed, ok: failed === 0 && testsRan > 0 }
}

export function parseStep(arg: string): [string, StepOutcome] {
  const match = /^([\w-]+)=(\d+|skipped)$/.exec(arg)
  if (!match) throw new Error(`--step wants name=<exit code>|skipped, got ${arg}`)
  const [, name, value] = match as unknown as [string, string, string]
  return [name, value === 'skipped' ? 'skipped' : Number(value)]
}

function readJson(path: string): unknown {
  if (!existsSync(path)) return undefined
  try {
    return JSON.parse(readFileSync(path, 'utf8'))
  } catch {
    return undefined // a truncated report is as good as none: the step then counts as failed
  }
}

function main(argv: readonly string[]): number {
  let reports = '.test-reports'
  const steps: [string, StepOutcome][] = []
  for (let i = 0; i < argv.length; i++) {
    const arg = argv[i] as string
    if (arg === '--reports') reports = argv[++i] ?? reports
    else if (arg === '--step') steps.push(parseStep(argv[++i] ?? ''))
    else throw new Error(`unknown argument ${arg}`)
  }
  const dir = resolve(reports)
  const summary = summarise({
    steps,
    vitest: readJson(join(dir, 'vitest.json')) as VitestReport | undefined,
    playwright: readJson(join(dir, 'playwright.json')) as PlaywrightReport | undefined,
  })
  console.log(summary.lines.join('\n'))
  return summary.ok ? 0 : 1
}

if (process.argv[1] && resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  try {
    process.exitCode = main(process.argv.slice(2))
  } catch (error) {
    console.error(`test-summary: ${error instanceof Error ? error.message : String(error)}`)
    console.log('0 passed, 1 failed')
    process.exitCode = 1
  }
}
