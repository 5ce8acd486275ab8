import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkLibraryRoot, libraryRootPolicy, pathsOverlap } from './library-roots.ts'

describe('pathsOverlap', () => {
  it('uses path segments, not string prefixes', () => {
    expect(pathsOverlap('/data/books', '/data/books2')).toBe(false)
    expect(pathsOverlap('/data/books/a', '/data/books')).toBe(true)
    expect(pathsOverlap('/data', '/data/books')).toBe(true)
    expect(pathsOverlap('/data/books', '/data/books')).toBe(true)
    expect(pathsOverlap('/data/..books', '/data')).toBe(true)
  })
})

describe('checkLibraryRoot', () => {
  const base = fs.realpathSync(fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-roots-')))
  const install = path.join(base, 'install')
  const dirs = {
    scripts: path.join(install, 'scripts'),
    git: path.join(install, '.git'),
    config: path.join(install, 'data', 'config'),
    metadata: path.join(install, 'data', 'metadata'),
    demo: path.join(install, 'data', 'demo-library', 'books'),
    sibling: path.join(base, 'install2'),
    books: path.join(base, 'books'),
  }
  for (const d of Object.values(dirs)) fs.mkdirSync(d, { recursive: true })
  fs.symlinkSync(dirs.config, path.join(base, 'sneaky'))
  fs.symlinkSync(dirs.scripts, path.join(base, 'scripts-link'))
  const policy = (allowedLibraryRoots: string[] = []) =>
    libraryRootPolicy({
      configPath: dirs.config,
      metadataPath: dirs.metadata,
      installPath: install,
      allowedLibraryRoots,
    })
  const check = (p: string, allowed?: string[]) => checkLibraryRoot(p, policy(allowed), [])
  const refusal = async (p: string, allowed?: string[]) => {
    const r = await check(p, allowed)
    return r.ok ? null : r.message
  }

  it('accepts a folder outside the install folder, beside it with a common prefix, and the demo library in data/', async () => {
    expect(await check(dirs.books)).toEqual({ ok: true, realPath: dirs.books })
    expect(await check(dirs.sibling)).toEqual({ ok: true, realPath: dirs.sibling })
    expect(await check(dirs.demo)).toEqual({ ok: true, realPath: dirs.demo })
  })

  it('refuses the install folder, its scripts/ and .git, anything holding it, also through a symlink', async () => {
    for (const p of [dirs.scripts, dirs.git, path.join(base, 'scripts-link')]) {
      expect(await refusal(p), p).toMatch(/cannot overlap the install folder/)
    }
    // These also hold the data folders, which are named first.
    for (const p of [install, base])
      expect(await refusal(p), p).toMatch(/cannot overlap the (config|install) folder/)
    expect(await refusal(install, [install])).toBe('Library folder cannot overlap the config folder')
  })

  it('refuses system folders and the file system root', async () => {
    expect(await refusal('/etc')).toMatch(/cannot overlap the system \(\/etc\) folder/)
    expect(await refusal('/proc/self')).toMatch(/system \(\/proc\)/)
    expect(await refusal('/dev')).toMatch(/system \(\/dev\)/)
    expect(await refusal('/')).toMatch(/cannot overlap/)
  })

  it('lets ALLOW_LIBRARY_ROOTS allow install and system folders, never the config or metadata folder', async () => {
    expect(await check(dirs.scripts, [dirs.scripts])).toEqual({ ok: true, realPath: dirs.scripts })
    expect((await check('/etc', ['/etc'])).ok).toBe(true)
    expect(await refusal(dirs.config, [install])).toBe('Library folder cannot overlap the config folder')
    expect(await refusal(path.join(base, 'sneaky'))).toBe('Library folder cannot overlap the config folder')
    expect(await refusal(dirs.metadata, ['/'])).toBe('Library folder cannot overlap the metadata folder')
  })

  it('refuses missing or relative paths and overlap with another library', async () => {
    expect((await check(path.join(base, 'nope'))).ok).toBe(false)
    expect((await check('relative/dir')).ok).toBe(false)
    expect((await checkLibraryRoot(dirs.books, policy(), [base])).ok).toBe(false)
  })
})
