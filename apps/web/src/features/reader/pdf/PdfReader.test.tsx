import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { createRef } from 'react'
import { beforeEach, describe, expect, it, vi } from 'vitest'
import type { ReaderBodyProps, ReaderNavigation } from '../reader-body.ts'
import type * as Engine from './pdf-engine.ts'
import { openPdf, PdfOpenError, type OpenPdfOptions, type PdfHandle } from './pdf-engine.ts'
import { PdfReader } from './PdfReader.tsx'

vi.mock('./pdf-worker-url.ts', () => ({ pdfWorkerUrl: '/assets/pdf.worker.mjs' }))
vi.mock('./pdf-engine.ts', async (importOriginal) => ({
  ...(await importOriginal<typeof Engine>()),
  openPdf: vi.fn(),
  preparePdfJs: vi.fn(async () => ({})),
}))

/** A stand-in for pdf.js: pages of US Letter whose text is "Page N" (and "lighthouse" on page 4). */
function fakeHandle(numPages: number): PdfHandle & { rendered: number[] } {
  const rendered: number[] = []
  const textOf = (n: number) => [`Page ${n}`, n === 4 ? 'A lighthouse' : 'The tide']
  const page = (n: number) => ({
    getViewport: ({ scale }: { scale: number }) => ({ width: 612 * scale, height: 792 * scale, scale }),
    render: () => {
      rendered.push(n)
      return { promise: Promise.resolve(), cancel: () => {} }
    },
    streamTextContent: () => null,
    getTextContent: async () => ({ items: textOf(n).map((str) => ({ str, hasEOL: true })) }),
  })
  class TextLayer {
    container: HTMLElement
    constructor({ container }: { container: HTMLElement }) {
      this.container = container
    }
    async render() {
      const n = Number(this.container.closest('[data-page]')?.getAttribute('data-page'))
      for (const line of textOf(n))
        this.container.append(Object.assign(document.createElement('span'), { textContent: line }))
    }
    cancel() {}
  }
  const doc = { numPages, getPage: async (n: number) => page(n) }
  return { rendered, doc, pdfjs: { TextLayer }, destroy: async () => {} } as unknown as PdfHandle & {
    rendered: number[]
  }
}

function props(overrides: Partial<ReaderBodyProps> = {}): ReaderBodyProps {
  return {
    libraryItemId: 'li_1',
    fileIno: '42',
    format: 'pdf',
    fetchBook: vi.fn(async () => new ArrayBuffer(0)),
    bookPath: '/api/items/li_1/ebook/42',
    authHeaders: () => ({ Authorization: 'Bearer token' }),
    initialLocation: null,
    onRelocate: vi.fn(),
    onError: vi.fn(),
    navigationRef: createRef<ReaderNavigation>(),
    tocOpen: false,
    onTocOpenChange: vi.fn(),
    settingsOpen: false,
    onSettingsOpenChange: vi.fn(),
    allowScriptedContent: false,
    ...overrides,
  }
}

const opened = vi.mocked(openPdf)
beforeEach(() => opened.mockReset())

describe('PdfReader', () => {
  it.each([
    { problem: 'password', message: /protected by a password/ },
    { problem: 'empty', message: /empty \(0 bytes\)/ },
    { problem: 'damaged', message: /damaged or is not a PDF/ },
  ] as const)(
    'shows a clear message for a $problem file, and tells the overlay',
    async ({ problem, message }) => {
      opened.mockRejectedValueOnce(new PdfOpenError(problem))
      const p = props()
      render(<PdfReader {...p} />)
      expect((await screen.findByRole('alert')).textContent).toMatch(message)
      expect(p.onError).toHaveBeenCalledWith(expect.stringMatching(message))
      expect(screen.queryByRole('button', { name: 'Try again' })).toBeNull()
    },
  )

  it('opens the book path with the auth headers, and offers a retry when it cannot be downloaded', async () => {
    opened.mockRejectedValueOnce(new PdfOpenError('unavailable')).mockResolvedValueOnce(fakeHandle(3))
    const user = userEvent.setup()
    render(<PdfReader {...props()} />)
    await user.click(await screen.findByRole('button', { name: 'Try again' }))
    expect(await screen.findByLabelText('Page number')).toBeTruthy()
    const options = opened.mock.calls[0]![0] as OpenPdfOptions
    expect(options.url).toBe('/api/items/li_1/ebook/42')
    expect(options.headers()).toEqual({ Authorization: 'Bearer token' })
    expect(opened).toHaveBeenCalledTimes(2)
  })

  it('says so when the book stops arriving while read, and reopens it at the page shown', async () => {
    opened.mockResolvedValue(fakeHandle(8))
    const refreshAuth = vi.fn(async () => 'new token')
    const p = props({ initialLocation: '2', refreshAuth })
    const user = userEvent.setup()
    render(<PdfReader {...p} />)
    await waitFor(() => expect(p.onRelocate).toHaveBeenLastCalledWith('2', 0.25, false))
    const options = opened.mock.calls[0]![0] as OpenPdfOptions
    await options.refreshAuth?.()
    expect(refreshAuth).toHaveBeenCalledOnce()
    act(() => (p.navigationRef as { current: ReaderNavigation }).current.next())
    await waitFor(() => expect(p.onRelocate).toHaveBeenLastCalledWith('3', 3 / 8, false))

    act(() => options.onLost?.())
    expect((await screen.findByRole('alert')).textContent).toMatch(/could not be downloaded/)
    await user.click(screen.getByRole('button', { name: 'Try again' }))
    expect(await screen.findByLabelText('Page number')).toHaveProperty('value', '3')
  })

  it('resumes at the saved page and reports each page turn as page, fraction read and the end', async () => {
    const handle = fakeHandle(5)
    opened.mockResolvedValue(handle)
    const p = props({ initialLocation: '3' })
    const user = userEvent.setup()
    render(<PdfReader {...p} />)
    await waitFor(() => expect(p.onRelocate).toHaveBeenLastCalledWith('3', 0.6, false))
    await waitFor(() => expect(handle.rendered).toContain(3))

    act(() => (p.navigationRef as { current: ReaderNavigation }).current.next())
    await waitFor(() => expect(p.onRelocate).toHaveBeenLastCalledWith('4', 0.8, false))
    await user.click(screen.getByRole('button', { name: 'Previous page' }))
    await user.click(screen.getByRole('button', { name: 'Previous page' }))
    await waitFor(() => expect(p.onRelocate).toHaveBeenLastCalledWith('2', 0.4, false))

    const field = screen.getByLabelText('Page number')
    await user.clear(field)
    await user.type(field, '5{Enter}')
    await waitFor(() => expect(p.onRelocate).toHaveBeenLastCalledWith('5', 1, true))
    expect((screen.getByRole('button', { name: 'Next page' }) as HTMLButtonElement).disabled).toBe(true)
    act(() => (p.navigationRef as { current: ReaderNavigation }).current.next())
    expect(p.onRelocate).toHaveBeenLastCalledWith('5', 1, true) // no page past the last
    // A number that is no page of the book is put back.
    await user.clear(field)
    await user.type(field, '9{Enter}')
    expect((field as HTMLInputElement).value).toBe('5')
  })

  it('prefetches the next page once the current one is drawn', async () => {
    const handle = fakeHandle(5)
    opened.mockResolvedValue(handle)
    render(<PdfReader {...props({ initialLocation: '2' })} />)
    await waitFor(() => expect(handle.rendered).toEqual(expect.arrayContaining([2, 3, 1])))
    expect(handle.rendered[0]).toBe(2)
  })

  it('switches between fit width and fit page, and zooms by steps', async () => {
    opened.mockResolvedValue(fakeHandle(2))
    const user = userEvent.setup()
    render(<PdfReader {...props()} />)
    const fitWidth = await screen.findByRole('button', { name: 'Fit width' })
    const fitPage = screen.getByRole('button', { name: 'Fit page' })
    await user.click(fitWidth)
    expect(fitWidth.getAttribute('aria-pressed')).toBe('true')
    expect(fitPage.getAttribute('aria-pressed')).toBe('false')
    await user.click(fitPage)
    expect(fitPage.getAttribute('aria-pressed')).toBe('true')
    await user.click(screen.getByRole('button', { name: 'Zoom in' }))
    expect(fitPage.getAttribute('aria-pressed')).toBe('false')
    expect(fitWidth.getAttribute('aria-pressed')).toBe('false')
  })

  it('finds a word: goes to its page and tints it; says so when no page has it', async () => {
    opened.mockResolvedValue(fakeHandle(6))
    const p = props()
    const user = userEvent.setup()
    render(<PdfReader {...p} />)
    await user.click(await screen.findByRole('button', { name: 'Find in the book' }))
    const query = screen.getByRole('searchbox', { name: 'Find in the book' })
    await user.type(query, 'Lighthouse{Enter}')
    await waitFor(() => expect(p.onRelocate).toHaveBeenLastCalledWith('4', 4 / 6, false))
    await waitFor(() => expect(document.querySelector('.pdf-search-hit')?.textContent).toBe('A lighthouse'))

    await user.clear(query)
    await user.type(query, 'submarine{Enter}')
    expect((await screen.findByRole('status', { name: '' })).textContent).toBe('No results')
    await user.keyboard('{Escape}')
    expect(screen.queryByRole('searchbox')).toBeNull()
  })
})
