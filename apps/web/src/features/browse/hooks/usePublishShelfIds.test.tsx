import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render } from '@testing-library/react'
import { afterEach, describe, expect, it } from 'vitest'
import { publishBookshelfPage, useItemEditModal } from '@/lib/item-edit-modal.ts'
import { listedItemFixture } from '@/test/browse-fixtures.ts'
import { shelfPageIds, usePublishShelfIds } from './usePublishShelfIds.ts'

function Publisher({ listKey }: { listKey: readonly unknown[] }) {
  usePublishShelfIds(listKey)
  return null
}

afterEach(() => useItemEditModal.setState(useItemEditModal.getInitialState(), true))

describe('shelf ids for the edit modal', () => {
  it('leaves a hole for a collapsed series', () => {
    const series = {
      ...listedItemFixture(2),
      collapsedSeries: {
        id: 's',
        name: 'S',
        nameIgnorePrefix: 'S',
        sequence: null,
        numBooks: 3,
        libraryItemIds: [],
      },
    }
    expect(shelfPageIds([listedItemFixture(1), series, listedItemFixture(3)])).toEqual([
      'item-1',
      undefined,
      'item-3',
    ])
  })

  it('starts a list afresh from its cached pages, each at its place', () => {
    const queryClient = new QueryClient()
    const key = ['browse', 'a', 'items', { orderBy: 'title' }] as const
    queryClient.setQueryData([...key, 2, 1], {
      results: [listedItemFixture(3), listedItemFixture(4)],
      total: 4,
    })
    queryClient.setQueryData([...key, 'total'], 4)
    queryClient.setQueryData(['browse', 'a', 'items', { orderBy: 'author' }, 2, 0], {
      results: [listedItemFixture(9)],
      total: 1,
    })
    publishBookshelfPage(0, ['stale'])
    render(
      <QueryClientProvider client={queryClient}>
        <Publisher listKey={key} />
      </QueryClientProvider>,
    )
    expect(useItemEditModal.getState().bookshelfBookIds).toEqual([undefined, undefined, 'item-3', 'item-4'])
  })
})
