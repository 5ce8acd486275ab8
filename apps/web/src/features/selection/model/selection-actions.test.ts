import { describe, expect, it } from 'vitest'
import type { SelectedMediaItem } from '@/lib/item-selection.ts'
import {
  BATCH_DOWNLOAD_MAX_ITEMS,
  finishedTarget,
  hasSelectionMenu,
  selectionActions,
  type SelectionActionContext,
} from './selection-actions.ts'

const item = (n: number, over: Partial<SelectedMediaItem> = {}): SelectedMediaItem => ({
  id: `i${n}`,
  libraryId: 'lib',
  mediaType: 'book',
  playable: true,
  ...over,
})
const items = (count: number) => Array.from({ length: count }, (_, n) => item(n))
const perms = (over: Partial<SelectionActionContext['user']['permissions']> = {}) => ({
  update: false,
  delete: false,
  download: false,
  ...over,
})
const admin: SelectionActionContext['user'] = {
  type: 'admin',
  permissions: perms({ update: true, delete: true, download: true }),
}
const reader: SelectionActionContext['user'] = { type: 'user', permissions: perms() }

describe('selectionActions', () => {
  it('gives a plain user in a book library play and mark finished only', () => {
    const actions = selectionActions({ user: reader, libraryMediaType: 'book', selected: items(3) })
    expect(actions).toEqual({
      play: true,
      markFinished: true,
      addToCollection: false,
      edit: false,
      remove: false,
      quickMatch: false,
      quickEmbed: false,
      rescan: false,
      download: false,
    })
    expect(hasSelectionMenu(actions)).toBe(false)
  })

  it('offers quick embed to admins in book libraries when every selected item is playable', () => {
    expect(selectionActions({ user: admin, libraryMediaType: 'book', selected: items(2) }).quickEmbed).toBe(
      true,
    )
    const mixed = [item(1), item(2, { playable: false })]
    expect(selectionActions({ user: admin, libraryMediaType: 'book', selected: mixed }).quickEmbed).toBe(
      false,
    )
    expect(
      selectionActions({ user: admin, libraryMediaType: 'podcast', selected: items(2) }).quickEmbed,
    ).toBe(false)
    expect(selectionActions({ user: reader, libraryMediaType: 'book', selected: items(2) }).quickEmbed).toBe(
      false,
    )
  })

  it('follows the update and delete permissions', () => {
    const editor = { type: 'user' as const, permissions: perms({ update: true }) }
    expect(selectionActions({ user: editor, libraryMediaType: 'book', selected: items(2) })).toMatchObject({
      addToCollection: true,
      edit: true,
      remove: false,
    })
    const deleter = { type: 'user' as const, permissions: perms({ delete: true }) }
    expect(selectionActions({ user: deleter, libraryMediaType: 'podcast', selected: items(2) }).remove).toBe(
      true,
    )
  })

  it('offers play only when every selected item is playable, and never in podcast libraries', () => {
    const mixed = [item(1), item(2, { playable: false })]
    expect(selectionActions({ user: reader, libraryMediaType: 'book', selected: mixed }).play).toBe(false)
    expect(selectionActions({ user: reader, libraryMediaType: 'podcast', selected: items(2) }).play).toBe(
      false,
    )
  })

  it('keeps book-only actions out of podcast libraries', () => {
    const actions = selectionActions({ user: admin, libraryMediaType: 'podcast', selected: items(2) })
    expect(actions).toMatchObject({
      markFinished: false,
      addToCollection: false,
      edit: false,
      remove: true,
      quickMatch: false,
      rescan: true,
    })
  })

  it('shows the context menu to admins only', () => {
    const actions = selectionActions({ user: admin, libraryMediaType: 'book', selected: items(2) })
    expect(actions).toMatchObject({ quickMatch: true, rescan: true, download: true })
    expect(hasSelectionMenu(actions)).toBe(true)
    const everything = {
      type: 'user' as const,
      permissions: perms({ update: true, delete: true, download: true }),
    }
    expect(
      hasSelectionMenu(selectionActions({ user: everything, libraryMediaType: 'book', selected: items(2) })),
    ).toBe(false)
  })

  it('hides download above 40 items and without the download permission', () => {
    expect(BATCH_DOWNLOAD_MAX_ITEMS).toBe(40)
    const at = (count: number) =>
      selectionActions({ user: admin, libraryMediaType: 'book', selected: items(count) })
    expect(at(40).download).toBe(true)
    expect(at(41).download).toBe(false)
    expect(at(41).rescan).toBe(true)
    const noDownload = { type: 'admin' as const, permissions: perms({ update: true }) }
    expect(
      selectionActions({ user: noDownload, libraryMediaType: 'book', selected: items(2) }).download,
    ).toBe(false)
  })

  it('offers nothing with nothing selected', () => {
    expect(
      Object.values(selectionActions({ user: admin, libraryMediaType: 'book', selected: [] })),
    ).not.toContain(true)
  })
})

describe('finishedTarget', () => {
  it('marks finished unless every selected item is finished already', () => {
    const progress = new Map([
      ['i1', { isFinished: true }],
      ['i2', { isFinished: false }],
    ])
    expect(finishedTarget([item(1), item(2)], progress)).toBe(true)
    expect(finishedTarget([item(1), item(3)], progress)).toBe(true)
    expect(finishedTarget([item(1)], progress)).toBe(false)
  })
})
