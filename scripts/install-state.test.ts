import { execFileSync } from 'node:child_process'
import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { afterEach, describe, expect, it } from 'vitest'

const script = path.join(import.meta.dirname, 'install-state.sh')
const checkouts: string[] = []
afterEach(() => {
  for (const dir of checkouts.splice(0)) fs.rmSync(dir, { recursive: true, force: true })
})

/** A checkout with a root and one workspace package.json and a lock file; no npm is ever run. */
function checkout(): string {
  const root = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-install-'))
  checkouts.push(root)
  fs.writeFileSync(path.join(root, 'package.json'), '{"name":"x"}')
  fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3}')
  fs.mkdirSync(path.join(root, 'apps', 'server'), { recursive: true })
  fs.writeFileSync(path.join(root, 'apps', 'server', 'package.json'), '{"name":"server"}')
  return root
}

const run = (root: string, command: string) =>
  execFileSync('bash', ['-c', `source "$0"; ${command} "$1"`, script, root], { encoding: 'utf8' }).trim()
const state = (root: string) => run(root, 'install_state')
const markComplete = (root: string) => run(root, 'mark_install_complete')

describe('install_state (ensure-system.sh decides whether to run npm install)', () => {
  it('asks for an install when node_modules is missing', () => {
    expect(state(checkout())).toBe('install needed: node_modules is missing')
  })

  it('asks for one when the last install stopped half way (node_modules without the marker)', () => {
    const root = checkout()
    fs.mkdirSync(path.join(root, 'node_modules', 'zod'), { recursive: true })
    expect(state(root)).toBe('install needed: the last npm install did not finish')
  })

  it('is complete once marked, and stale when the lock file or a workspace package.json changes', () => {
    const root = checkout()
    fs.mkdirSync(path.join(root, 'node_modules'))
    markComplete(root)
    expect(fs.readFileSync(path.join(root, 'node_modules', '.shelfcast-install-complete'), 'utf8')).toMatch(
      /^[0-9a-f]{64}\n$/,
    )
    expect(state(root)).toBe('complete')

    fs.writeFileSync(path.join(root, 'package-lock.json'), '{"lockfileVersion":3,"packages":{}}')
    expect(state(root)).toBe(
      'install needed: package.json or package-lock.json changed since the last install',
    )
    markComplete(root)
    expect(state(root)).toBe('complete')

    fs.writeFileSync(path.join(root, 'apps', 'server', 'package.json'), '{"name":"server","version":"2"}')
    expect(state(root)).toMatch(/^install needed: package.json or package-lock.json changed/)
  })
})
