import type { MediaItemShare } from '@shelfcast/contracts'
import { QueryClient } from '@tanstack/react-query'
import { render, screen, waitFor, within } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it } from 'vitest'
import { AppProviders } from '@/app/providers.tsx'
import { i18n } from '@/lib/i18n/index.ts'
import { useToastStore } from '@/lib/toast-store.ts'
import { fakeApiClient, fakeServer, json, type RecordedRequest } from '@/test/fake-server.ts'
import { ShareModal } from './ShareModal.tsx'

const ITEM_ID = 'li_book'

function shareFixture(overrides: Partial<MediaItemShare> = {}): MediaItemShare {
  return {
    id: 'share-1',
    mediaItemId: ITEM_ID,
    mediaItemType: 'book',
    slug: 'my-book',
    expiresAt: null,
    isDownloadable: false,
    createdAt: '2026-01-01T00:00:00.000Z',
    updatedAt: '2026-01-01T00:00:00.000Z',
    ...overrides,
  }
}

type Handler = (request: RecordedRequest) => Response | Promise<Response>

function open(initial: MediaItemShare | null, routes: Record<string, Handler> = {}) {
  let current = initial
  const server = fakeServer({
    [`GET /api/items/${ITEM_ID}`]: () => json({ id: ITEM_ID, mediaItemShare: current }),
    'POST /api/share/mediaitem': (request) => {
      const body = request.body as { slug: string; expiresAt: number; isDownloadable: boolean }
      current = shareFixture({
        slug: body.slug,
        isDownloadable: body.isDownloadable,
        expiresAt: body.expiresAt ? new Date(body.expiresAt).toISOString() : null,
      })
      return json(current, 201)
    },
    'DELETE /api/share/mediaitem/share-1': () => {
      current = null
      return new Response(null, { status: 204 })
    },
    ...routes,
  })
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <AppProviders services={{ api: fakeApiClient(server.fetch), queryClient, i18n }}>
      <ShareModal libraryItemId={ITEM_ID} onClose={() => {}} />
    </AppProviders>,
  )
  return { server, user: userEvent.setup() }
}

const posted = (requests: RecordedRequest[]) =>
  requests.filter((r) => r.method === 'POST').map((r) => r.body as Record<string, unknown>)

afterEach(() => useToastStore.getState().clear())

describe('ShareModal', () => {
  it('suggests a random 10-character slug and previews the URL with it', async () => {
    open(null)
    const slug = await screen.findByTestId('share-slug')
    expect((slug as HTMLInputElement).value).toMatch(/^[a-z0-9]{10}$/)
    expect(screen.getByTestId('share-url-preview').textContent).toContain(
      `/share/${(slug as HTMLInputElement).value}`,
    )
  })

  it('creates a share that ends after the duration times the unit', async () => {
    const { server, user } = open(null)
    const slug = await screen.findByTestId('share-slug')
    await user.clear(slug)
    await user.type(slug, 'for-anna')
    const amount = screen.getByTestId('share-duration')
    await user.clear(amount)
    await user.type(amount, '2')
    await user.selectOptions(screen.getByTestId('share-unit'), 'hours')
    await user.click(screen.getByTestId('share-downloadable'))
    const before = Date.now()
    await user.click(screen.getByTestId('share-create'))
    const after = Date.now()
    await screen.findByTestId('share-existing')
    const [body] = posted(server.requests)
    expect(body).toMatchObject({
      slug: 'for-anna',
      mediaItemType: 'book',
      mediaItemId: ITEM_ID,
      isDownloadable: true,
    })
    expect(body?.expiresAt).toBeGreaterThanOrEqual(before + 2 * 3600 * 1000)
    expect(body?.expiresAt).toBeLessThanOrEqual(after + 2 * 3600 * 1000)
    expect(screen.getByTestId('share-url').textContent).toMatch(/\/share\/for-anna$/)
    expect(screen.getByTestId('share-downloadable-note').textContent).toBe('Listeners can download this book')
    expect(screen.getByTestId('share-lifetime').textContent).toMatch(/^Expires in (1h 59m|2h)/)
  })

  it('never steps below 0, and 0 makes a permanent share', async () => {
    const { server, user } = open(null)
    const minus = await screen.findByTestId('share-duration-minus')
    await user.click(minus)
    await user.click(minus)
    await user.click(minus)
    expect((screen.getByTestId('share-duration') as HTMLInputElement).value).toBe('0')
    expect(screen.getByTestId('share-expiry-preview').textContent).toBe('The share will not expire')
    await user.click(screen.getByTestId('share-duration-plus'))
    expect((screen.getByTestId('share-duration') as HTMLInputElement).value).toBe('1')
    expect(screen.getByTestId('share-expiry-preview').textContent).toMatch(/^Expiration will be /)
    await user.clear(screen.getByTestId('share-duration'))
    expect(screen.getByTestId('share-expiry-preview').textContent).toBe('The share will not expire')
    await user.click(screen.getByTestId('share-create'))
    await screen.findByTestId('share-existing')
    expect(posted(server.requests)[0]?.expiresAt).toBe(0)
    expect(screen.getByTestId('share-lifetime').textContent).toBe('Permanent')
  })

  it('refuses an empty slug before calling the server', async () => {
    const { server, user } = open(null)
    const slug = await screen.findByTestId('share-slug')
    await user.clear(slug)
    await user.click(screen.getByTestId('share-create'))
    expect(await screen.findByText('Slug is required')).toBeTruthy()
    expect(posted(server.requests)).toEqual([])
  })

  it("shows the server's message when sharing fails, else 'Failed to share item'", async () => {
    const { user } = open(null, {
      'POST /api/share/mediaitem': () => json({ error: 'Slug is already in use' }, 409),
    })
    await user.click(await screen.findByTestId('share-create'))
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Slug is already in use'),
    )
    expect(screen.getByTestId('share-form')).toBeTruthy()
  })

  it('shows Expired for a share past its end, and the time left for a running one', async () => {
    open(shareFixture({ expiresAt: new Date(Date.now() - 1000).toISOString() }))
    expect((await screen.findByTestId('share-lifetime')).textContent).toBe('Expired')
  })

  it('ticks the time left of a running share', async () => {
    open(shareFixture({ expiresAt: new Date(Date.now() + 65_500).toISOString() }))
    const lifetime = await screen.findByTestId('share-lifetime')
    expect(lifetime.textContent).toMatch(/^Expires in 1m 5s$/)
    await waitFor(() => expect(lifetime.textContent).toMatch(/^Expires in 1m 4s$/), { timeout: 2500 })
  })

  it('deletes the share and goes back to the new share form', async () => {
    const { server, user } = open(shareFixture({ isDownloadable: false }))
    const existing = await screen.findByTestId('share-existing')
    expect(within(existing).getByTestId('share-downloadable-note').textContent).toBe(
      'Listeners can play this book but not download it',
    )
    await user.click(within(existing).getByTestId('share-delete'))
    await screen.findByTestId('share-form')
    expect(server.requests.some((r) => r.method === 'DELETE' && r.path.endsWith('/share-1'))).toBe(true)
  })

  it("says 'Failed to delete share' when the delete fails without a message", async () => {
    const { user } = open(shareFixture(), {
      'DELETE /api/share/mediaitem/share-1': () => new Response(null, { status: 500 }),
    })
    await user.click(await screen.findByTestId('share-delete'))
    await waitFor(() =>
      expect(useToastStore.getState().toasts.map((t) => t.message)).toContain('Failed to delete share'),
    )
    expect(screen.getByTestId('share-existing')).toBeTruthy()
  })
})
