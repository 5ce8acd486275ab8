import type { PersonalizedResponse } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { libraryDetailReply, listedItemFixture } from '@/test/browse-fixtures.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderRoute } from '@/test/render-route.tsx'
import { HomePage } from './HomePage.tsx'

class NearObserver {
  private readonly report: (entries: { isIntersecting: boolean }[]) => void
  constructor(report: (entries: { isIntersecting: boolean }[]) => void) {
    this.report = report
  }
  observe() {
    this.report([{ isIntersecting: true }])
  }
  disconnect() {}
}

beforeEach(() => vi.stubGlobal('IntersectionObserver', NearObserver))
afterEach(() => vi.unstubAllGlobals())

describe('Continue Series: hiding a series', () => {
  it("the card's menu hides the series; the shelf updates at once and the user is stored", async () => {
    const login = loginResponseFixture(userFixture('user'))
    useSessionStore.getState().setSession(login)
    let hidden: string[] = []
    const shelves = (): PersonalizedResponse =>
      hidden.includes('s1')
        ? []
        : [
            {
              id: 'continue-series',
              label: 'Continue Series',
              labelStringKey: 'LabelContinueSeries',
              type: 'book',
              total: 1,
              entities: [
                { ...listedItemFixture(1, { title: 'Book Two' }), series: { id: 's1', name: 'Saga' } },
              ],
            },
          ]
    const fake = fakeServer({
      'GET /api/libraries': () => json({ libraries: [libraryFixture('a')] }),
      'GET /api/libraries/a': () => libraryDetailReply('a', 'book'),
      'GET /api/libraries/a/personalized': () => json(shelves()),
      'GET /api/me/series/s1/remove-from-continue-listening': () => {
        hidden = ['s1']
        return json({ ...login.user, seriesHideFromContinueListening: hidden })
      },
    })
    const { user } = renderRoute('/library/a', '/library/:libraryId', <HomePage />, fake)
    const shelf = await screen.findByRole('region', { name: 'Continue Series' })
    await user.click(within(shelf).getByRole('button', { name: 'More' }))
    await user.click(await screen.findByRole('menuitem', { name: 'Remove Series From Continue Series' }))
    await waitFor(() => expect(screen.queryByRole('region', { name: 'Continue Series' })).toBeNull())
    expect(useSessionStore.getState().user?.seriesHideFromContinueListening).toEqual(['s1'])
  })
})
