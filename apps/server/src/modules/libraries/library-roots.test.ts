import fs from 'node:fs'
import os from 'node:os'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { checkLibraryRoot, pathsOverlap } from './library-roots.ts'

describe('pathsOverlap', () => {
  it('uses path segments, not string prefixes', () => {
    expect(pathsOverlap('/data/books', '/data/books2')).toBe(false)
    expect(pathsOverlap('/data/books/a', '/data/books')).toBe(true)
    expect(pathsOverlap('/data', '/data/books')).toBe(true)
    expect(pathsOverlap('/data/books', '/data/books')).toBe(true)
  })
})

describe('checkLibraryRoot', () => {
  const base = fs.mkdtempSync(path.join(os.tmpdir(), 'shelfcast-roots-'))
  const config = path.join(base, 'config')
  const books = path.join(base, 'books')
  fs.mkdirSync(config)
  fs.mkdirSync(books)
  fs.symlinkSync(config, path.join(base, 'sneaky'))

  it('accepts an existing folder', async () => {
    expect(await checkLibraryRoot(books, [{ path: config, label: 'config' }], [])).toEqual({ ok: true, realPath: books })
  })
  it('refuses the config folder even through a symlink', async () => {
    const r = await checkLibraryRoot(path.join(base, 'sneaky'), [{ path: config, label: 'config' }], [])
    expect(r).toEqual({ ok: false, message: 'Library folder cannot overlap the config folder' })
  })
  it('refuses a parent of the data folders and missing or relative paths', async () => {
    expect((await checkLibraryRoot(base, [{ path: config, label: 'config' }], [])).ok).toBe(false)
    expect((await checkLibraryRoot(path.join(base, 'nope'), [], [])).ok).toBe(false)
    expect((await checkLibraryRoot('relative/dir', [], [])).ok).toBe(false)
  })
  it('refuses overlap with another library', async () => {
    expect((await checkLibraryRoot(books, [], [base])).ok).toBe(false)
  })
})
