import { describe, expect, it } from 'vitest'
import {
  collectCoreKeys,
  joinPath,
  pickStrings,
  resolveSourceImport,
  scanLocaleKeys,
  staticImportSpecifiers,
} from './core-keys.ts'

describe('scanLocaleKeys', () => {
  it('finds t() keys, labelKey/titleKey/messageKey values and quoted key-shaped literals', () => {
    const source = `
      const a = t('AppName')
      const b = i18n.t( 'HeaderStats', { n: 1 })
      const entry = { labelKey: 'SomeLabel', titleKey: 'PageTitle' }
      messageKey = 'OfflineNotice'
      const keys = { ok: 'ToastSaved', bad: "ButtonNotSingleQuoted" }
      const notKeys = ['Label', 'Labelled text', 'toastSaved', t(dynamicKey)]
    `
    expect([...scanLocaleKeys(source)].sort()).toEqual(
      ['AppName', 'HeaderStats', 'OfflineNotice', 'PageTitle', 'SomeLabel', 'ToastSaved'].sort(),
    )
  })
})

describe('staticImportSpecifiers', () => {
  it('lists static imports and re-exports, not import() nor type-only statements', () => {
    const source = `import { a } from './a.ts'
import b, { c as d } from "@/lib/b.ts"
import {
  e,
  f,
} from '../e'
import './side-effect.css'
export * from './star.ts'
export { g } from './g.tsx'
import type { T } from './types-only.ts'
export type { U } from './types-only-too.ts'
const lazy = () => import('./on-demand.ts')
export const h = 'from ./not-an-import.ts'
`
    expect(staticImportSpecifiers(source)).toEqual([
      './a.ts',
      '@/lib/b.ts',
      '../e',
      './side-effect.css',
      './star.ts',
      './g.tsx',
    ])
  })
})

describe('resolveSourceImport', () => {
  const files = new Set(['/src/lib/a.ts', '/src/lib/b.tsx', '/src/features/x/index.ts', '/src/app/c.ts'])
  const exists = (file: string) => files.has(file)

  it('resolves relative and @/ paths, with or without extension, and folder indexes', () => {
    expect(joinPath('/src/app', '../lib/./a.ts')).toBe('/src/lib/a.ts')
    expect(resolveSourceImport('/src/app/c.ts', '../lib/a.ts', '/src', exists)).toBe('/src/lib/a.ts')
    expect(resolveSourceImport('/src/app/c.ts', '../lib/b', '/src', exists)).toBe('/src/lib/b.tsx')
    expect(resolveSourceImport('/src/app/c.ts', '@/features/x', '/src', exists)).toBe(
      '/src/features/x/index.ts',
    )
  })

  it('gives null for packages, styles and missing files', () => {
    expect(resolveSourceImport('/src/app/c.ts', 'react', '/src', exists)).toBeNull()
    expect(resolveSourceImport('/src/app/c.ts', './styles.css', '/src', exists)).toBeNull()
    expect(resolveSourceImport('/src/app/c.ts', './missing.ts', '/src', exists)).toBeNull()
  })
})

describe('collectCoreKeys', () => {
  it('collects the keys of files reached by static imports only, skipping tests and on-demand code', () => {
    const sources: Record<string, string> = {
      '/src/main.tsx': `import { boot } from './app/boot.tsx'\nimport './styles.css'\nimport 'react'`,
      '/src/app/boot.tsx': `import { Page } from '@/features/page'\nimport { x } from './cycle.ts'\nt('AppName')`,
      '/src/app/cycle.ts': `import { boot } from './boot.tsx'\nexport const x = 'ToastCycle'`,
      '/src/features/page/index.ts': `export { Page } from './Page.tsx'\nexport * from './Page.test.tsx'`,
      '/src/features/page/Page.tsx': `const Admin = lazy(() => import('../admin/Admin.tsx'))\nt('HeaderPage')`,
      '/src/features/page/Page.test.tsx': `t('LabelOnlyInTest')`,
      '/src/features/admin/Admin.tsx': `t('HeaderAdmin')`,
    }
    const { keys, files } = collectCoreKeys({
      entry: '/src/main.tsx',
      srcRoot: '/src',
      readFile: (file) => sources[file] ?? null,
      exists: (file) => file in sources,
    })
    expect([...keys].sort()).toEqual(['AppName', 'HeaderPage', 'ToastCycle'])
    expect(files).not.toContain('/src/features/admin/Admin.tsx')
    expect(files).not.toContain('/src/features/page/Page.test.tsx')
  })
})

describe('pickStrings', () => {
  it('splits a locale file into the core keys and the rest', () => {
    const strings = { A: 'a', B: 'b', C: 'c' }
    expect(pickStrings(strings, new Set(['A', 'C']), 'core')).toEqual({ A: 'a', C: 'c' })
    expect(pickStrings(strings, new Set(['A', 'C']), 'rest')).toEqual({ B: 'b' })
  })

  it('takes every plural form of a base the code names', () => {
    const strings = { LabelBookCount_one: '1 book', LabelBookCount_other: 'n books', LabelBookmark: 'b' }
    expect(pickStrings(strings, new Set(['LabelBookCount']), 'core')).toEqual({
      LabelBookCount_one: '1 book',
      LabelBookCount_other: 'n books',
    })
  })
})
