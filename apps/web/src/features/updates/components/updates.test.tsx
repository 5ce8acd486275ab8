import type { Release } from '@shelfcast/contracts'
import { defaultServerSettings } from '@shelfcast/contracts/client'
import { act, screen, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it } from 'vitest'
import { useVersionNotice } from '@/lib/version-notice.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useToastStore } from '@/lib/toast-store.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { renderRoute } from '@/test/render-route.tsx'
import { ChangelogModal } from './ChangelogModal.tsx'
import { resetAnnouncedUpdates, UpdateNotifier } from './UpdateNotifier.tsx'
import { VersionLabel } from './VersionLabel.tsx'

function release(
  version: string,
  changelog: string,
  pubdate: string | null = '2026-02-01T12:00:00Z',
): Release {
  const [major, minor, patch] = version.split('.').map(Number) as [number, number, number]
  return {
    name: `Shelfcast v${version}`,
    version,
    major,
    minor,
    patch,
    preRelease: null,
    pubdate,
    changelog,
    url: `https://example.test/releases/tag/v${version}`,
  }
}

const releases = [
  release('2.4.0', 'next minor'),
  release('2.3.1', '- Fixed <b>bold</b> things\n- Second line'),
  release('2.3.0', '', null),
  release('2.2.0', 'older minor'),
]

function renderUpdates() {
  const server = fakeServer({ 'GET /api/releases': () => json({ enabled: true, releases }) })
  const view = renderRoute(
    '/',
    '/',
    <>
      <VersionLabel />
      <UpdateNotifier />
      <ChangelogModal />
    </>,
    server,
  )
  return { ...view, server }
}

beforeEach(() => {
  resetAnnouncedUpdates()
  useSessionStore.setState({
    serverSettings: { ...defaultServerSettings('2.3.1'), dateFormat: 'yyyy-MM-dd' },
  })
})
afterEach(() => useVersionNotice.setState(useVersionNotice.getInitialState(), true))

describe('version label and changelog', () => {
  it('opens the changelog of the running major.minor, notes as text, with a fallback', async () => {
    const { user } = renderUpdates()
    await user.click(screen.getByRole('button', { name: 'Changelog of v2.3.1' }))
    const modal = await screen.findByTestId('changelog-modal')
    const entries = await within(modal).findAllByTestId('changelog-release')
    expect(entries.map((e) => e.dataset.version)).toEqual(['2.3.1', '2.3.0'])
    expect(within(entries[0]!).getByRole('heading', { name: 'Shelfcast v2.3.1' })).toBeTruthy()
    expect(entries[0]!.textContent).toContain('2026-02-01')
    // Markup in notes stays text.
    expect(entries[0]!.textContent).toContain('- Fixed <b>bold</b> things')
    expect(entries[0]!.querySelector('b')).toBeNull()
    expect(entries[1]!.textContent).toContain('No Changelog Available')
  })

  it('shows the Update link to the newest release', async () => {
    renderUpdates()
    const link = await screen.findByTestId('version-update-link')
    expect(link.getAttribute('href')).toBe('https://example.test/releases/tag/v2.4.0')
    expect(link.getAttribute('rel')).toContain('noopener')
  })
})

describe('update toast', () => {
  const message = 'Update is available! Check release notes for v2.4.0'

  it('shows once at the top; closing it stores the ignored version, so it does not come back', async () => {
    const first = renderUpdates()
    const stack = await screen.findByTestId('toast-stack-top')
    expect(within(stack).getByText(message)).toBeTruthy()
    await first.user.click(within(stack).getByRole('button', { name: 'Close' }))
    expect(localStorage.getItem('ignoreVersion')).toBe('2.4.0')
    first.unmount()

    // A reload: the page forgets what it announced; the stored choice keeps the toast away.
    resetAnnouncedUpdates()
    const second = renderUpdates()
    await screen.findByTestId('version-update-link')
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.queryByText(message)).toBeNull()
    second.unmount()
  })

  it('is not shown twice by the same page', async () => {
    const first = renderUpdates()
    await screen.findByText(message)
    first.unmount()
    // Gone without being closed (cleared): nothing stored, and the same page does not announce it again.
    act(() => useToastStore.getState().clear())
    expect(localStorage.getItem('ignoreVersion')).toBeNull()
    const second = renderUpdates()
    await screen.findByTestId('version-update-link')
    await act(() => new Promise((resolve) => setTimeout(resolve, 50)))
    expect(screen.queryByText(message)).toBeNull()
    second.unmount()
  })

  it('asks the server at most once in five minutes (stored version data)', async () => {
    const first = renderUpdates()
    await screen.findByTestId('version-update-link')
    expect(first.server.requests.filter((r) => r.path === '/api/releases')).toHaveLength(1)
    first.unmount()
    const second = renderUpdates()
    await screen.findByTestId('version-update-link')
    expect(second.server.requests.filter((r) => r.path === '/api/releases')).toHaveLength(0)
  })
})
