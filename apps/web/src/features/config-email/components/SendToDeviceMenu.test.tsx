import type { EreaderDevice, User } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { bookItemFixture } from '@/test/book-fixtures.ts'
import { libraryDetailReply } from '@/test/browse-fixtures.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { libraryFixture, loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const devices: EreaderDevice[] = [
  { name: 'Kindle', email: 'me@kindle.com', availabilityOption: 'guestOrUp', users: [] },
  { name: 'Kobo', email: 'kobo@example.org', availabilityOption: 'guestOrUp', users: [] },
]

function open(
  user: User,
  { ebook, ereaderDevices }: { ebook: boolean; ereaderDevices: EreaderDevice[] },
  send = () => json({ success: true }),
) {
  useSessionStore.getState().setSession({ ...loginResponseFixture(user), ereaderDevices })
  const server = fakeServer({
    'GET /api/libraries': () => json({ libraries: [libraryFixture('lib1', 'book')] }),
    'GET /api/libraries/lib1': () => libraryDetailReply('lib1'),
    'GET /api/items/b1': () => json(bookItemFixture('b1', { ebook })),
    'POST /api/emails/send-ebook-to-device': send,
  })
  return { server, ...renderApp('/item/b1', server) }
}

const toasts = () =>
  screen
    .queryAllByTestId('toast')
    .map((t) => t.textContent)
    .join(' | ')

describe('Send to device on the item page', () => {
  it('lists the devices the user may use and sends the ebook to the chosen one', async () => {
    const { server, user } = open(userFixture('user'), { ebook: true, ereaderDevices: devices })
    await user.click(within(await screen.findByTestId('item-more')).getByRole('button', { name: 'More' }))
    ;(await screen.findByTestId('menu-send-to-device')).focus()
    await user.keyboard('{ArrowRight}')
    const options = await screen.findAllByTestId('menu-send-to-device-option')
    expect(options.map((o) => o.textContent)).toEqual(['Kindle', 'Kobo'])
    await user.click(options[1]!)
    await waitFor(() =>
      expect(server.requests.find((r) => r.path === '/api/emails/send-ebook-to-device')?.body).toEqual({
        libraryItemId: 'b1',
        deviceName: 'Kobo',
      }),
    )
    await waitFor(() => expect(toasts()).toContain('Ebook sent to Kobo'))
  })

  it("shows 'Failed to send ebook to device' with the server's message", async () => {
    const { user } = open(userFixture('user'), { ebook: true, ereaderDevices: devices }, () =>
      text('550 Mailbox unavailable', 400),
    )
    await user.click(within(await screen.findByTestId('item-more')).getByRole('button', { name: 'More' }))
    ;(await screen.findByTestId('menu-send-to-device')).focus()
    await user.keyboard('{ArrowRight}')
    await user.click((await screen.findAllByTestId('menu-send-to-device-option'))[0]!)
    await waitFor(() => expect(toasts()).toContain('Failed to send ebook to device: 550 Mailbox unavailable'))
  })

  it('is not offered without an ebook or without a device', async () => {
    const first = open(userFixture('root'), { ebook: false, ereaderDevices: devices })
    await first.user.click(
      within(await screen.findByTestId('item-more')).getByRole('button', { name: 'More' }),
    )
    await screen.findByTestId('menu-add-to-collection')
    expect(screen.queryByTestId('menu-send-to-device')).toBeNull()
    first.unmount()

    const second = open(userFixture('root'), { ebook: true, ereaderDevices: [] })
    await second.user.click(
      within(await screen.findByTestId('item-more')).getByRole('button', { name: 'More' }),
    )
    await screen.findByTestId('menu-add-to-collection')
    expect(screen.queryByTestId('menu-send-to-device')).toBeNull()
  })
})
