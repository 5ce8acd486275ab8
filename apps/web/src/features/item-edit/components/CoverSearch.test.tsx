import { QueryClient, QueryClientProvider } from '@tanstack/react-query'
import { render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { ApiClientProvider } from '@/lib/api/index.ts'
import { fakeApiClient, fakeServer, json } from '@/test/fake-server.ts'
import { CoverSearch } from './CoverSearch.tsx'

describe('CoverSearch', () => {
  it('asks the chosen provider for covers of the title and author, and sets the one clicked', async () => {
    const fake = fakeServer({
      'GET /api/search/providers': () =>
        json({
          providers: {
            books: [],
            podcasts: [],
            booksCovers: [
              { value: 'all', text: 'All' },
              { value: 'audible', text: 'Audible.com' },
            ],
          },
        }),
      'GET /api/search/covers': () =>
        json({ results: ['https://img.example/a.jpg', 'https://img.example/b.jpg'] }),
    })
    const onPick = vi.fn()
    render(
      <QueryClientProvider client={new QueryClient()}>
        <ApiClientProvider client={fakeApiClient(fake.fetch)}>
          <CoverSearch title="Mort" author="Terry Pratchett" busy={false} onPick={onPick} />
        </ApiClientProvider>
      </QueryClientProvider>,
    )
    const user = userEvent.setup()
    await screen.findByRole('option', { name: 'Audible.com' })
    await user.selectOptions(screen.getByLabelText('Provider'), 'audible')
    await user.click(screen.getByTestId('cover-search-submit'))
    const results = await screen.findAllByTestId('cover-search-result')
    expect(results).toHaveLength(2)
    const asked = fake.requests.find((r) => r.path === '/api/search/covers')
    expect(Object.fromEntries(new URLSearchParams(asked?.search))).toEqual({
      provider: 'audible',
      title: 'Mort',
      author: 'Terry Pratchett',
    })
    await user.click(results[1]!)
    expect(onPick).toHaveBeenCalledWith('https://img.example/b.jpg')
  })
})
