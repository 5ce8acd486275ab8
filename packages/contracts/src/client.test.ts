import { readFileSync } from 'node:fs'
import path from 'node:path'
import { describe, expect, expectTypeOf, it } from 'vitest'
import * as client from './client.ts'
import type { itemRoutes } from './routes/index.ts'
import { routeGroups } from './routes/index.ts'
import { clientRoutesText } from './routes/client-routes.ts'

const srcDir = import.meta.dirname

/** Every module `client.ts` loads at run time, followed through its value imports (type imports are erased). */
function runtimeModules(file: string, seen = new Set<string>()): Set<string> {
  if (seen.has(file)) return seen
  seen.add(file)
  const text = readFileSync(file, 'utf8')
  for (const [, specifier] of text.matchAll(/^(?:import|export)(?! type)[^'"]*from '([^']+)'/gm)) {
    if (!specifier?.startsWith('.')) {
      seen.add(specifier ?? '')
      continue
    }
    runtimeModules(path.resolve(path.dirname(file), specifier), seen)
  }
  return seen
}

describe('the zod-free client entry', () => {
  it('is up to date with the route groups (run `npm run client-routes` when this fails)', () => {
    const stored = readFileSync(path.join(srcDir, 'routes/client-routes.generated.ts'), 'utf8')
    expect(stored).toBe(clientRoutesText())
  })

  it('gives every route its method and path', () => {
    const groups = client as unknown as Record<string, Record<string, { method: string; path: string }>>
    for (const group of Object.values(routeGroups)) {
      const name = Object.entries(client).find(
        ([, value]) =>
          value !== null &&
          typeof value === 'object' &&
          Object.keys(value).join() === Object.keys(group).join(),
      )?.[0]
      expect(name).toBeDefined()
      for (const [key, route] of Object.entries(group)) {
        expect(groups[name as string]?.[key]).toEqual({ method: route.method, path: route.path })
      }
    }
  })

  it('types each group as the real one, so calls keep their params, body and answer', () => {
    expectTypeOf(client.itemRoutes).toEqualTypeOf<typeof itemRoutes>()
  })

  it('loads no zod, and no module that builds schemas', () => {
    const modules = [...runtimeModules(path.join(srcDir, 'client.ts'))]
    expect(modules.length).toBeGreaterThan(10)
    // No package at all (zod is the one contracts depends on), and no schema module among the files.
    expect(modules.filter((m) => !m.startsWith('/'))).toEqual([])
    for (const file of modules)
      expect(readFileSync(file, 'utf8'), file).not.toMatch(/\bz\.(object|enum|string)\(/)
  })
})
