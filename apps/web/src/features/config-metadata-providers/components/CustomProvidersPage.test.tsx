import type { CustomMetadataProvider } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const PATH = '/config/item-metadata-utils/custom-metadata-providers'

const provider = (overrides: Partial<CustomMetadataProvider> = {}): CustomMetadataProvider => ({
  id: 'p1',
  name: 'Home metadata',
  url: 'https://meta.example/api',
  mediaType: 'book',
  authHeaderValue: '********',
  slug: 'custom-p1',
  ...overrides,
})

function server(initial: CustomMetadataProvider[], deleteAnswer: () => Response = () => json({})) {
  let list = initial
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [] }),
    'GET /api/custom-metadata-providers': () => json({ providers: list }),
    'POST /api/custom-metadata-providers': (request) => {
      const body = request.body as { name: string; url: string; mediaType: 'book' | 'podcast' }
      const created = provider({ id: 'p2', slug: 'custom-p2', ...body, authHeaderValue: null })
      list = [...list, created]
      return json({ provider: created })
    },
    'DELETE /api/custom-metadata-providers/p1': () => {
      const answer = deleteAnswer()
      if (answer.ok) list = list.filter((p) => p.id !== 'p1')
      return answer
    },
  })
}

const toasts = () =>
  screen
    .queryAllByTestId('toast')
    .map((t) => t.textContent)
    .join('|')

describe('custom metadata providers page', () => {
  it('lists providers with URL, media type and the masked authorization value', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    renderApp(
      PATH,
      server([
        provider(),
        provider({ id: 'p3', name: 'Casts', mediaType: 'podcast', authHeaderValue: null }),
      ]),
    )
    const rows = await screen.findAllByTestId('custom-provider-row')
    expect(rows[0]!.textContent).toContain('Home metadata')
    expect(rows[0]!.textContent).toContain('https://meta.example/api')
    expect(rows[0]!.textContent).toContain('Book')
    expect(rows[0]!.textContent).toContain('********')
    expect(rows[1]!.textContent).toContain('Podcast')
    expect(screen.getByRole('link', { name: 'Custom metadata providers' })).toBeTruthy()
  })

  it('checks name and URL before adding, then adds', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    const fake = server([])
    const { user } = renderApp(PATH, fake)
    await user.click(await screen.findByRole('button', { name: 'Add provider' }))
    const modal = await screen.findByTestId('custom-provider-modal')
    const add = within(modal).getByRole('button', { name: 'Add' })
    await user.click(add)
    expect(within(modal).getByRole('alert').textContent).toBe('Name and Url required')
    await user.type(within(modal).getByLabelText('Name'), 'Mine')
    await user.type(within(modal).getByLabelText('URL'), 'meta.example')
    await user.click(add)
    expect(within(modal).getByRole('alert').textContent).toBe('Invalid URL')
    expect(fake.requests.some((r) => r.method === 'POST')).toBe(false)

    await user.clear(within(modal).getByLabelText('URL'))
    await user.type(within(modal).getByLabelText('URL'), 'http://meta.example/')
    await user.selectOptions(within(modal).getByLabelText('Media type'), 'podcast')
    await user.type(within(modal).getByLabelText('Authorization header value'), 'Bearer s3cret')
    await user.click(add)
    await waitFor(() => expect(screen.queryByTestId('custom-provider-modal')).toBeNull())
    expect(fake.requests.find((r) => r.method === 'POST')?.body).toEqual({
      name: 'Mine',
      url: 'http://meta.example/',
      mediaType: 'podcast',
      authHeaderValue: 'Bearer s3cret',
    })
    expect((await screen.findAllByTestId('custom-provider-row'))[0]!.textContent).toContain('Mine')
    expect(toasts()).toContain('New provider added')
  })

  it('deletes after asking; a refusal keeps the row and shows the server message', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(userFixture('root')))
    let refuse = true
    const { user } = renderApp(
      PATH,
      server([provider()], () => (refuse ? text('Forbidden', 403) : json({}))),
    )
    const remove = await screen.findByRole('button', { name: 'Delete provider Home metadata' })
    await user.click(remove)
    await user.click(
      within(await screen.findByTestId('confirm-prompt')).getByRole('button', { name: 'Delete' }),
    )
    await waitFor(() => expect(toasts()).toContain('Forbidden'))
    expect(screen.getAllByTestId('custom-provider-row')).toHaveLength(1)

    refuse = false
    await user.click(remove)
    await user.click(
      within(await screen.findByTestId('confirm-prompt')).getByRole('button', { name: 'Delete' }),
    )
    await waitFor(() => expect(screen.queryAllByTestId('custom-provider-row')).toHaveLength(0))
    expect(toasts()).toContain('Provider removed')
  })
})
