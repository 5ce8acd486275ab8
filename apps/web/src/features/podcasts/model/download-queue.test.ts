import { describe, expect, it } from 'vitest'
import { downloadFixture } from '@/test/podcast-download-fixtures.ts'
import { applyDownloadEvent, FINISHED_KEPT, groupByPodcast, rememberFinished } from './download-queue.ts'

const empty = { currentDownload: null, currentDownloads: [], queue: [] }

describe('download queue events', () => {
  it('moves a download from queued to running to gone', () => {
    const d1 = downloadFixture('d1')
    let queue = applyDownloadEvent(empty, 'queued', d1)
    expect(queue.queue.map((d) => d.id)).toEqual(['d1'])
    queue = applyDownloadEvent(queue, 'started', { ...d1, progress: 0 })
    expect(queue.queue).toEqual([])
    expect(queue.currentDownload?.id).toBe('d1')
    queue = applyDownloadEvent(queue, 'progress', { ...d1, progress: 40 })
    expect(queue.currentDownloads[0]?.progress).toBe(40)
    queue = applyDownloadEvent(queue, 'finished', { ...d1, isFinished: true })
    expect(queue).toEqual(empty)
  })

  it('ignores progress of a download no longer running and a repeated queued event', () => {
    const d1 = downloadFixture('d1')
    expect(applyDownloadEvent(empty, 'progress', d1)).toBe(empty)
    const running = applyDownloadEvent(empty, 'started', d1)
    expect(applyDownloadEvent(running, 'queued', d1)).toBe(running)
  })

  it('groups the queue by podcast in queue order', () => {
    const groups = groupByPodcast([
      downloadFixture('a1'),
      downloadFixture('b1', { libraryItemId: 'pod2' }),
      downloadFixture('a2'),
    ])
    expect(groups.map((g) => [g.libraryItemId, g.downloads.map((d) => d.id)])).toEqual([
      ['pod1', ['a1', 'a2']],
      ['pod2', ['b1']],
    ])
  })

  it('remembers finished downloads newest first, once each, up to a limit', () => {
    let list = rememberFinished([], downloadFixture('x'))
    list = rememberFinished(list, downloadFixture('y'))
    list = rememberFinished(list, downloadFixture('x', { failed: true }))
    expect(list.map((d) => [d.id, d.failed])).toEqual([
      ['x', true],
      ['y', false],
    ])
    for (let i = 0; i < 50; i++) list = rememberFinished(list, downloadFixture(`n${i}`))
    expect(list).toHaveLength(FINISHED_KEPT)
  })
})
