import type { EreaderDevice } from '@shelfcast/contracts'
import { QueryClient } from '@tanstack/react-query'
import { act, screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { registerAuthSocketHandlers } from '@/features/auth/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { fakeServer, json } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const reader = userFixture('user', {
  id: 'reader-id',
  permissions: { ...userFixture('user').permissions, createEreader: true },
})
const shared: EreaderDevice = {
  name: 'Family Kobo',
  email: 'f@example.org',
  availabilityOption: 'userOrUp',
  users: [],
}
const mine: EreaderDevice = {
  name: 'My Kindle',
  email: 'me@kindle.com',
  availabilityOption: 'specificUsers',
  users: ['reader-id'],
}

function open(ereaderDevices: EreaderDevice[], user = reader) {
  useSessionStore.getState().setSession({ ...loginResponseFixture(user), ereaderDevices })
  const server = fakeServer({
    'GET /api/libraries': () => json({ libraries: [] }),
    'POST /api/me/ereader-devices': (request) => {
      const body = request.body as { ereaderDevices: EreaderDevice[] }
      return json({
        ereaderDevices: body.ereaderDevices.map((d) => ({
          ...d,
          availabilityOption: 'specificUsers',
          users: ['reader-id'],
        })),
      })
    },
  })
  return { server, ...renderApp('/account', server) }
}

describe("the account page's own ereader devices", () => {
  it("lists only the devices that are the user's own, and adds one through /api/me/ereader-devices", async () => {
    const { server, user } = open([shared, mine])
    const section = await screen.findByTestId('own-ereader-devices')
    expect(
      within(section)
        .getAllByTestId('ereader-device-row')
        .map((r) => r.textContent),
    ).toEqual([expect.stringContaining('My Kindle')])
    await user.click(within(section).getByRole('button', { name: 'Add device' }))
    const modal = await screen.findByTestId('ereader-device-modal')
    // No "available to" choice: a user's device is theirs alone.
    expect(within(modal).queryByLabelText('Device is available to')).toBeNull()
    await user.type(within(modal).getByLabelText('Name'), 'family kobo')
    await user.type(within(modal).getByLabelText('Email'), 'kobo@example.org')
    await user.click(within(modal).getByRole('button', { name: 'Add' }))
    // Another device has the name (case aside): refused before any call.
    await waitFor(() =>
      expect(
        screen
          .getAllByTestId('toast')
          .map((t) => t.textContent)
          .join(),
      ).toContain('Ereader device with that name already exists'),
    )
    await user.clear(within(modal).getByLabelText('Name'))
    await user.type(within(modal).getByLabelText('Name'), 'Reader Kobo')
    await user.click(within(modal).getByRole('button', { name: 'Add' }))
    await waitFor(() =>
      expect(server.requests.find((r) => r.path === '/api/me/ereader-devices')?.body).toEqual({
        ereaderDevices: [
          mine,
          { name: 'Reader Kobo', email: 'kobo@example.org', availabilityOption: 'adminOrUp', users: [] },
        ],
      }),
    )
    await waitFor(() =>
      expect(useSessionStore.getState().ereaderDevices.map((d) => d.name)).toEqual([
        'Family Kobo',
        'My Kindle',
        'Reader Kobo',
      ]),
    )
    expect(within(section).getAllByTestId('ereader-device-row')).toHaveLength(2)
  })

  it('is not shown without createEreader', async () => {
    open([mine], userFixture('user', { id: 'reader-id' }))
    await screen.findByTestId('account-username')
    expect(screen.queryByTestId('own-ereader-devices')).toBeNull()
  })

  it('follows ereader-devices-updated from the socket', async () => {
    const off = registerAuthSocketHandlers()
    try {
      open([mine])
      await screen.findByTestId('own-ereader-devices')
      const queryClient = new QueryClient()
      act(() =>
        socketEvents.dispatch({ queryClient }, 'ereader-devices-updated', [
          { ereaderDevices: [shared, { ...mine, name: 'Renamed Kindle' }] },
        ]),
      )
      await waitFor(() =>
        expect(screen.getAllByTestId('ereader-device-row').map((r) => r.textContent)).toEqual([
          expect.stringContaining('Renamed Kindle'),
        ]),
      )
    } finally {
      off()
    }
  })
})
