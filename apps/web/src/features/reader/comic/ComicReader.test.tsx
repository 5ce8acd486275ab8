import { QueryClient } from '@tanstack/react-query'
import { act, fireEvent, render, screen, waitFor } from '@testing-library/react'
import { createRef } from 'react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { AppProviders } from '@/app/providers.tsx'
import { i18n } from '@/lib/i18n/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeApiClient, fakeServer, json, text } from '@/test/fake-server.ts'
import type { ReaderBodyProps, ReaderNavigation } from '../reader-body.ts'
import { ComicReader } from './ComicReader.tsx'

const pages = (count: number) =>
  Array.from({ length: count }, (_, index) => ({
    index,
    name: `page${index + 1}.png`,
    size: 100,
    mimeType: 'image/png',
  }))

/** The images the reader decodes ahead, by the page index in their URL. */
const preloaded: string[] = []
class RecordingImage {
  decoding = ''
  fetchPriority = ''
  set src(url: string) {
    preloaded.push(url)
  }
  decode = () => Promise.resolve()
}

function renderReader(list: () => Response | Promise<Response>, overrides: Partial<ReaderBodyProps> = {}) {
  const server = fakeServer({ 'GET /api/items/li_1/comic-pages': list })
  const navigationRef = createRef<ReaderNavigation | null>()
  const onRelocate = vi.fn()
  const onError = vi.fn()
  const props: ReaderBodyProps = {
    libraryItemId: 'li_1',
    fileIno: '77',
    format: 'cbz',
    fetchBook: () => Promise.reject(new Error('a comic is never fetched whole')),
    bookPath: '/api/items/li_1/ebook/77',
    authHeaders: () => ({ Authorization: 'Bearer tok' }),
    initialLocation: null,
    onRelocate,
    onError,
    navigationRef,
    tocOpen: false,
    onTocOpenChange: () => {},
    settingsOpen: false,
    onSettingsOpenChange: () => {},
    allowScriptedContent: false,
    ...overrides,
  }
  const queryClient = new QueryClient({ defaultOptions: { queries: { retry: false } } })
  render(
    <AppProviders services={{ api: fakeApiClient(server.fetch), queryClient, i18n }}>
      <ComicReader {...props} />
    </AppProviders>,
  )
  return { server, navigationRef, onRelocate, onError }
}

const image = () => screen.getByTestId<HTMLImageElement>('comic-page')
const pageOfUrl = (url: string) => new URL(url, 'http://app.test').pathname.split('/').pop()

describe('ComicReader', () => {
  beforeEach(() => {
    preloaded.length = 0
    vi.stubGlobal('Image', RecordingImage)
    useSessionStore.setState({ accessToken: 'tok' })
  })
  afterEach(() => {
    vi.unstubAllGlobals()
    vi.useRealTimers()
  })

  it('asks for page 1 at once, with the token in the image URL, and reports the page once the list is in', async () => {
    let answer: (r: Response) => void = () => {}
    const { onRelocate } = renderReader(() => new Promise((resolve) => (answer = resolve)))
    // The first page is requested alongside the list, not after it.
    const url = new URL(image().src, 'http://app.test')
    expect(url.pathname).toBe('/api/items/li_1/comic-pages/0')
    expect(url.searchParams.get('token')).toBe('tok')
    expect(url.searchParams.get('fileid')).toBe('77')
    expect(onRelocate).not.toHaveBeenCalled()
    answer(json({ pages: pages(3) }))
    await waitFor(() => expect(screen.getByTestId('comic-indicator').textContent).toContain('1 / 3'))
    expect(onRelocate).toHaveBeenLastCalledWith('1', 1 / 3, false)
    expect(image().getAttribute('alt')).toBe('Page 1 of 3')
  })

  it('turns pages through the navigation handle and the buttons, within the first and last page', async () => {
    const { navigationRef, onRelocate } = renderReader(() => json({ pages: pages(3) }))
    await screen.findByText('1 / 3')
    expect(screen.getByTestId<HTMLButtonElement>('comic-prev').disabled).toBe(true)
    act(() => navigationRef.current?.next())
    expect(pageOfUrl(image().src)).toBe('1')
    expect(onRelocate).toHaveBeenLastCalledWith('2', 2 / 3, false)
    fireEvent.click(screen.getByTestId('comic-next'))
    expect(screen.getByTestId('comic-indicator').textContent).toContain('3 / 3')
    expect(screen.getByTestId<HTMLButtonElement>('comic-next').disabled).toBe(true)
    act(() => navigationRef.current?.next())
    expect(onRelocate).toHaveBeenLastCalledWith('3', 1, true)
    act(() => navigationRef.current?.prev())
    fireEvent.click(screen.getByTestId('comic-prev'))
    expect(screen.getByTestId('comic-indicator').textContent).toContain('1 / 3')
    expect(onRelocate).toHaveBeenLastCalledWith('1', 1 / 3, false)
  })

  it('resumes at the saved page, clamps one past the end, and starts at 1 on a location it cannot read', async () => {
    renderReader(() => json({ pages: pages(5) }), { initialLocation: '4' })
    expect(pageOfUrl(image().src)).toBe('3')
    await screen.findByText('4 / 5')
  })

  it('opens the last page when the saved one is past the end', async () => {
    const { onRelocate } = renderReader(() => json({ pages: pages(5) }), { initialLocation: '40' })
    await screen.findByText('5 / 5')
    expect(pageOfUrl(image().src)).toBe('4')
    expect(onRelocate).toHaveBeenLastCalledWith('5', 1, true)
  })

  it('starts at page 1 on a location that is not a page number', async () => {
    renderReader(() => json({ pages: pages(5) }), { initialLocation: 'epubcfi(/6/2)' })
    await screen.findByText('1 / 5')
  })

  it('decodes the next two pages (and the previous one) once the shown page has loaded', async () => {
    const { navigationRef } = renderReader(() => json({ pages: pages(10) }))
    await screen.findByText('1 / 10')
    expect(preloaded).toEqual([])
    fireEvent.load(image())
    expect(preloaded.map(pageOfUrl)).toEqual(['1', '2'])
    act(() => navigationRef.current?.next())
    fireEvent.load(image())
    expect(preloaded.map(pageOfUrl)).toEqual(['1', '2', '0', '3'])
    expect(new URL(preloaded[0]!, 'http://app.test').searchParams.get('token')).toBe('tok')
  })

  it("shows the server's message when the archive cannot be read (a 422), and reports it", async () => {
    const bomb = 'This comic looks like a zip bomb: page page2.png would unpack to 64.0 MB'
    const { onError } = renderReader(() => text(bomb, 422))
    expect((await screen.findByRole('alert')).textContent).toContain(bomb)
    expect(screen.queryByTestId('comic-page')).toBeNull()
    expect(screen.queryByTestId('comic-slider')).toBeNull()
    expect(onError).toHaveBeenCalledWith(bomb)
  })

  it('asks the server why a page image failed and shows its message', async () => {
    const fetchPage = vi.fn(async () => text('This comic cannot be read: page page2.png is damaged', 422))
    vi.stubGlobal('fetch', fetchPage)
    renderReader(() => json({ pages: pages(3) }))
    await screen.findByText('1 / 3')
    fireEvent.error(image())
    expect((await screen.findByRole('alert')).textContent).toContain('page page2.png is damaged')
    const [url, init] = fetchPage.mock.calls[0] as unknown as [string, RequestInit]
    expect(url).toBe('/api/items/li_1/comic-pages/0?fileid=77')
    expect(init.headers).toEqual({ Authorization: 'Bearer tok' })
  })

  it('goes to a page from the slider once it settles, and switches fit width / fit page', async () => {
    const { onRelocate } = renderReader(() => json({ pages: pages(300) }))
    await screen.findByText('1 / 300')
    vi.useFakeTimers()
    const slider = screen.getByRole('slider', { name: 'Go to page' })
    fireEvent.change(slider, { target: { value: '120' } })
    fireEvent.change(slider, { target: { value: '150' } })
    expect(screen.getByTestId('comic-indicator').textContent).toContain('150 / 300')
    expect(pageOfUrl(image().src)).toBe('0')
    act(() => {
      vi.advanceTimersByTime(250)
    })
    expect(pageOfUrl(image().src)).toBe('149')
    expect(onRelocate).toHaveBeenLastCalledWith('150', 0.5, false)
    expect(onRelocate).not.toHaveBeenCalledWith('120', expect.anything())
    vi.useRealTimers()
    const fit = screen.getByTestId('comic-fit')
    expect(fit.textContent).toContain('Fit width')
    fireEvent.click(fit)
    expect(fit.textContent).toContain('Fit page')
    expect(fit.getAttribute('aria-pressed')).toBe('true')
  })
})
