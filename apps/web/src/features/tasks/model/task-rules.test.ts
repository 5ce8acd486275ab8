import type { Task } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import {
  canCancel,
  hasUnseenSuccess,
  positional,
  taskText,
  taskLink,
  taskStatus,
  upsertTask,
  visibleTasks,
} from './task-rules.ts'

const task = (id: string, over: Partial<Task> = {}): Task => ({
  id,
  action: 'library-scan',
  data: { libraryId: 'lib' },
  title: 'Scanning',
  titleKey: null,
  titleSubs: null,
  description: null,
  descriptionKey: null,
  error: null,
  errorKey: null,
  showSuccess: false,
  isFailed: false,
  isFinished: false,
  startedAt: 0,
  finishedAt: null,
  progress: 0,
  ...over,
})

const NOW = 1_000_000

describe('task cards', () => {
  it('shows running tasks however old they are', () => {
    expect(visibleTasks([task('a', { startedAt: 0 })], NOW).map((t) => t.id)).toEqual(['a'])
  })

  it('shows finished tasks only when failed, canceled or showSuccess, within 60 s', () => {
    const done = { isFinished: true, finishedAt: NOW - 10_000 }
    const tasks = [
      task('ok', done),
      task('ok-shown', { ...done, showSuccess: true }),
      task('failed', { ...done, isFailed: true, error: 'Scan failed' }),
      task('canceled', { ...done, error: 'Canceled by user' }),
      task('old-failure', { isFinished: true, isFailed: true, finishedAt: NOW - 60_001 }),
      task('edge', { isFinished: true, isFailed: true, finishedAt: NOW - 60_000 }),
    ]
    expect(visibleTasks(tasks, NOW).map((t) => t.id)).toEqual(['ok-shown', 'failed', 'canceled', 'edge'])
  })

  it('names the state of each card', () => {
    expect(taskStatus(task('a'), false)).toBe('running')
    expect(taskStatus(task('a'), true)).toBe('canceling')
    expect(taskStatus(task('a', { isFinished: true, isFailed: true }), false)).toBe('failed')
    expect(taskStatus(task('a', { isFinished: true, error: 'Canceled by user' }), true)).toBe('canceled')
    expect(taskStatus(task('a', { isFinished: true }), false)).toBe('succeeded')
  })

  it('replaces a task by id in place, and an older task of the same action for the same item', () => {
    const list = [task('a'), task('b', { action: 'scan-item', data: { libraryItemId: 'i1' } }), task('c')]
    expect(upsertTask(list, task('a', { progress: 50 })).map((t) => [t.id, t.progress])).toEqual([
      ['a', 50],
      ['b', 0],
      ['c', 0],
    ])
    const replaced = upsertTask(list, task('d', { action: 'scan-item', data: { libraryItemId: 'i1' } }))
    expect(replaced.map((t) => t.id)).toEqual(['a', 'c', 'd'])
    // Other items and other actions stay.
    expect(
      upsertTask(list, task('e', { action: 'embed-metadata', data: { libraryItemId: 'i1' } })).map(
        (t) => t.id,
      ),
    ).toEqual(['a', 'b', 'c', 'e'])
  })

  it('marks an unseen success until the menu is opened after it finished', () => {
    const success = task('s', { isFinished: true, showSuccess: true, finishedAt: NOW - 1000 })
    expect(hasUnseenSuccess([success], NOW - 5000)).toBe(true)
    expect(hasUnseenSuccess([success], NOW)).toBe(false)
    expect(hasUnseenSuccess([task('f', { isFinished: true, isFailed: true, finishedAt: NOW })], 0)).toBe(
      false,
    )
  })

  it('links cards to where their work can be followed', () => {
    expect(taskLink(task('a', { action: 'scan-item', data: { libraryItemId: 'i1' } }))).toBe('/item/i1')
    expect(taskLink(task('a', { action: 'encode-m4b', data: { libraryItemId: 'i1' } }))).toBe(
      '/audiobook/i1/manage?tool=m4b',
    )
    expect(taskLink(task('a', { action: 'embed-metadata', data: { libraryItemId: 'i1' } }))).toBe(
      '/audiobook/i1/manage?tool=embed',
    )
    expect(taskLink(task('a', { action: 'download-podcast-episode', data: { libraryId: 'p' } }))).toBe(
      '/library/p/podcast/download-queue',
    )
    expect(taskLink(task('a'))).toBeNull()
  })

  it('lets admins cancel running library scans only', () => {
    expect(canCancel(task('a'), true)).toBe(true)
    expect(canCancel(task('a'), false)).toBe(false)
    expect(canCancel(task('a', { isFinished: true }), true)).toBe(false)
    expect(canCancel(task('a', { action: 'scan-item' }), true)).toBe(false)
  })

  it('shows a task text by its key with its substitutions, else the server text', async () => {
    const { createI18n } = await import('@/lib/i18n/index.ts')
    const i18n = createI18n()
    i18n.addResource('en-us', 'translation', 'MessageTaskScanningLibrary', 'Scanning "{{0}}" library')
    expect(taskText(i18n.t, 'MessageTaskScanningLibrary', ['Demo'], 'Scanning "Demo"')).toBe(
      'Scanning "Demo" library',
    )
    expect(taskText(i18n.t, 'MessageNobodyWrote', null, 'Server words')).toBe('Server words')
    expect(taskText(i18n.t, null, null, 'Server words')).toBe('Server words')
    expect(taskText(i18n.t, null, null, null)).toBeNull()
  })

  it('passes positional substitutions to translations', () => {
    expect(positional(['Demo', 'x'])).toEqual({ 0: 'Demo', 1: 'x' })
    expect(positional(null)).toEqual({})
  })
})
