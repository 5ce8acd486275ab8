import fs from 'node:fs'
import path from 'node:path'
import { describe, expect, it } from 'vitest'
import { tempDir } from '../test-support/test-app.ts'
import { applyPendingRestore, PENDING_DATABASE, STAGED_IMAGES } from './pending-restore.ts'

function layout() {
  const dir = tempDir('shelfcast-pending-')
  const configPath = path.join(dir, 'config')
  const metadataPath = path.join(dir, 'metadata')
  const databaseFile = path.join(configPath, 'shelfcast.sqlite')
  for (const d of [configPath, path.join(metadataPath, 'items'), path.join(metadataPath, 'authors')])
    fs.mkdirSync(d, { recursive: true })
  fs.writeFileSync(databaseFile, 'old db')
  fs.writeFileSync(`${databaseFile}-wal`, 'old wal')
  fs.writeFileSync(path.join(metadataPath, 'items', 'old.jpg'), 'old')
  fs.writeFileSync(path.join(metadataPath, 'authors', 'old.jpg'), 'old')
  const staged = path.join(metadataPath, STAGED_IMAGES)
  fs.mkdirSync(path.join(staged, 'items'), { recursive: true })
  fs.mkdirSync(path.join(staged, 'authors'), { recursive: true })
  fs.writeFileSync(path.join(staged, 'items', 'new.jpg'), 'new')
  return { paths: { configPath, metadataPath, databaseFile }, staged }
}

const state = (p: { configPath: string; metadataPath: string; databaseFile: string }) => ({
  db: fs.readFileSync(p.databaseFile, 'utf8'),
  wal: fs.existsSync(`${p.databaseFile}-wal`),
  items: fs.readdirSync(path.join(p.metadataPath, 'items')),
  authors: fs.readdirSync(path.join(p.metadataPath, 'authors')),
  metadata: fs.readdirSync(p.metadataPath).sort(),
  config: fs.readdirSync(p.configPath),
})

describe('applyPendingRestore', () => {
  it('without a committed restore keeps the old database and drops staged images', () => {
    const { paths } = layout()
    expect(applyPendingRestore(paths)).toBe(false)
    expect(state(paths)).toMatchObject({
      db: 'old db',
      wal: true,
      items: ['old.jpg'],
      metadata: ['authors', 'items'],
    })
  })

  it('swaps database and images, dropping the old WAL', () => {
    const { paths } = layout()
    fs.writeFileSync(path.join(paths.configPath, PENDING_DATABASE), 'new db')
    expect(applyPendingRestore(paths)).toBe(true)
    expect(state(paths)).toEqual({
      db: 'new db',
      wal: false,
      items: ['new.jpg'],
      authors: [],
      metadata: ['authors', 'items'],
      config: ['shelfcast.sqlite'],
    })
  })

  it('finishes a swap a crash cut short (items moved, authors not, old items aside)', () => {
    const { paths, staged } = layout()
    fs.writeFileSync(path.join(paths.configPath, PENDING_DATABASE), 'new db')
    const live = path.join(paths.metadataPath, 'items')
    fs.renameSync(live, `${live}.before-restore`)
    fs.renameSync(path.join(staged, 'items'), live)
    expect(applyPendingRestore(paths)).toBe(true)
    expect(state(paths)).toMatchObject({
      db: 'new db',
      items: ['new.jpg'],
      authors: [],
      metadata: ['authors', 'items'],
    })
  })
})
