import type { SearchProvidersResponse } from '@shelfcast/contracts'
import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { renderHook } from '@testing-library/react'
import { createElement, type ReactNode } from 'react'
import { describe, expect, it } from 'vitest'
import { ApiClientProvider } from '@/lib/api/index.ts'
import { fakeApiClient, fakeServer, json, text } from '@/test/fake-server.ts'
import {
  BATCH_REQUEST_MAX,
  batchSetFinished,
  fetchBatchItems,
  inChunks,
  selectionKeys,
  useBookProviders,
} from './api.ts'

const ids = (count: number) => Array.from({ length: count }, (_, i) => `i${i}`)

describe('batch requests beyond the server cap', () => {
  it('splits lists in order', () => {
    expect(inChunks([1, 2, 3, 4, 5], 2)).toEqual([[1, 2], [3, 4], [5]])
    expect(inChunks([], 2)).toEqual([])
  })

  it('asks for 2,500 items in three turns and keeps the order', async () => {
    const fake = fakeServer({
      'POST /api/items/batch/get': (request) =>
        json({
          libraryItems: (request.body as { libraryItemIds: string[] }).libraryItemIds.map((id) => ({ id })),
        }),
    })
    const items = await fetchBatchItems(fakeApiClient(fake.fetch), ids(2500))
    expect(fake.requests.map((r) => (r.body as { libraryItemIds: string[] }).libraryItemIds.length)).toEqual([
      BATCH_REQUEST_MAX,
      BATCH_REQUEST_MAX,
      500,
    ])
    expect(items.map((i) => i.id)).toEqual(ids(2500))
  })

  it('marks 1,200 items finished in two progress updates', async () => {
    const fake = fakeServer({
      'PATCH /api/me/progress/batch/update': () => text('OK', 200),
      'GET /api/me': () => json({ id: 'u' }),
    })
    await batchSetFinished(fakeApiClient(fake.fetch), ids(1200), true)
    const patches = fake.requests.filter((r) => r.method === 'PATCH').map((r) => r.body as unknown[])
    expect(patches.map((p) => p.length)).toEqual([1000, 200])
    expect(patches[1]![0]).toEqual({ libraryItemId: 'i1000', isFinished: true })
  })
})

describe('the quick match provider list', () => {
  it('reads the whole providers answer item-edit caches under the same key, not the fixed list', () => {
    const answer: SearchProvidersResponse = {
      providers: {
        books: [{ value: 'custom-1', text: 'My shelf' }],
        booksCovers: [],
        podcasts: [],
      },
    }
    const queryClient = new QueryClient()
    queryClient.setQueryData(selectionKeys.providers, answer)
    const fake = fakeServer({})
    const wrapper = ({ children }: { children: ReactNode }) =>
      createElement(ApiClientProvider, {
        client: fakeApiClient(fake.fetch),
        children: createElement(QueryClientProvider, { client: queryClient }, children),
      })
    const { result } = renderHook(() => useBookProviders(true), { wrapper })
    expect(result.current).toEqual([{ value: 'custom-1', text: 'My shelf' }])
    expect(fake.requests).toEqual([])
  })
})
