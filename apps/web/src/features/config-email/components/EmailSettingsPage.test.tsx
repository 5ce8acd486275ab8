import type { EmailSettings, EreaderDevice } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const root = userFixture('root', { id: 'root-id' })
const bob = userFixture('user', { id: 'bob-id', username: 'bob' })

const kindle: EreaderDevice = {
  name: 'Kindle',
  email: 'me@kindle.com',
  availabilityOption: 'adminOrUp',
  users: [],
}

const settings = (overrides: Partial<EmailSettings> = {}): EmailSettings => ({
  id: 'email-settings',
  host: 'smtp.example.org',
  port: 465,
  secure: true,
  rejectUnauthorized: true,
  user: 'mailer',
  pass: '********',
  testAddress: 'admin@example.org',
  fromAddress: 'shelf@example.org',
  ereaderDevices: [kindle],
  ...overrides,
})

function server(initial: EmailSettings, testAnswer = () => json({ success: true })) {
  let current = initial
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [] }),
    'GET /api/users': () => json({ users: [root, bob] }),
    'GET /api/emails/settings': () => json({ settings: current }),
    'PATCH /api/emails/settings': (request) => {
      const body = request.body as Partial<EmailSettings>
      current = { ...current, ...body, pass: current.pass }
      return json({ settings: current })
    },
    'POST /api/emails/test': testAnswer,
    'POST /api/emails/ereader-devices': (request) => {
      const { ereaderDevices } = request.body as { ereaderDevices: EreaderDevice[] }
      current = { ...current, ereaderDevices }
      return json({ ereaderDevices })
    },
  })
}

const toasts = () =>
  screen
    .queryAllByTestId('toast')
    .map((t) => t.textContent)
    .join(' | ')

describe('/config/email', () => {
  it('shows the SMTP settings with the password masked and saves the changed form', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = server(settings())
    const { user } = renderApp('/config/email', fake)
    const form = await screen.findByTestId('smtp-form')
    expect((within(form).getByLabelText('Host') as HTMLInputElement).value).toBe('smtp.example.org')
    expect((within(form).getByLabelText('Password') as HTMLInputElement).value).toBe('********')
    const save = within(form).getByRole('button', { name: 'Save' })
    expect(save).toHaveProperty('disabled', true)

    await user.clear(within(form).getByLabelText('Port'))
    await user.type(within(form).getByLabelText('Port'), '99999')
    await user.click(save)
    expect(within(form).getByText('Enter a port between 1 and 65535')).toBeTruthy()
    expect(fake.requests.some((r) => r.method === 'PATCH')).toBe(false)

    await user.clear(within(form).getByLabelText('Port'))
    await user.type(within(form).getByLabelText('Port'), '587')
    await user.click(within(form).getByRole('switch', { name: 'Secure (TLS)' }))
    await user.click(save)
    await waitFor(() =>
      expect(fake.requests.find((r) => r.method === 'PATCH')?.body).toEqual({
        host: 'smtp.example.org',
        port: 587,
        secure: false,
        rejectUnauthorized: true,
        user: 'mailer',
        pass: '********',
        fromAddress: 'shelf@example.org',
        testAddress: 'admin@example.org',
      }),
    )
    await waitFor(() => expect(toasts()).toContain('Email settings saved'))
  })

  it("a failed test email shows the spec's toast with the SMTP server's words", async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = server(settings(), () => text('Invalid login: 535 Authentication failed', 400))
    const { user } = renderApp('/config/email', fake)
    await user.click(await screen.findByRole('button', { name: 'Send test email' }))
    await waitFor(() =>
      expect(toasts()).toContain('Failed to send test email: Invalid login: 535 Authentication failed'),
    )
  })

  it('adds a device: name and email required, duplicate names refused, then the list is saved', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = server(settings())
    const { user } = renderApp('/config/email', fake)
    expect((await screen.findAllByTestId('ereader-device-row'))[0]?.textContent).toContain('me@kindle.com')
    await user.click(screen.getByRole('button', { name: 'Add device' }))
    const modal = await screen.findByTestId('ereader-device-modal')
    await user.click(within(modal).getByRole('button', { name: 'Add' }))
    expect(within(modal).getAllByText('Name and email are required')).toHaveLength(2)

    await user.type(within(modal).getByLabelText('Name'), 'kindle')
    await user.type(within(modal).getByLabelText('Email'), 'not-an-address')
    await user.click(within(modal).getByRole('button', { name: 'Add' }))
    expect(within(modal).getByText('Invalid email address')).toBeTruthy()

    await user.clear(within(modal).getByLabelText('Email'))
    await user.type(within(modal).getByLabelText('Email'), 'kobo@example.org')
    await user.click(within(modal).getByRole('button', { name: 'Add' }))
    await waitFor(() => expect(toasts()).toContain('Ereader device with that name already exists'))
    expect(fake.requests.some((r) => r.path === '/api/emails/ereader-devices')).toBe(false)

    await user.clear(within(modal).getByLabelText('Name'))
    await user.type(within(modal).getByLabelText('Name'), 'Bob Kobo')
    await user.selectOptions(within(modal).getByLabelText('Device is available to'), 'specificUsers')
    await user.click(within(modal).getByRole('button', { name: 'Add' }))
    expect(within(modal).getByText('Must select a user')).toBeTruthy()
    await user.click(within(modal).getByLabelText('bob'))
    await user.click(within(modal).getByRole('button', { name: 'Add' }))

    await waitFor(() =>
      expect(fake.requests.find((r) => r.path === '/api/emails/ereader-devices')?.body).toEqual({
        ereaderDevices: [
          kindle,
          {
            name: 'Bob Kobo',
            email: 'kobo@example.org',
            availabilityOption: 'specificUsers',
            users: ['bob-id'],
          },
        ],
      }),
    )
    await waitFor(() => expect(screen.queryByTestId('ereader-device-modal')).toBeNull())
    const rows = await screen.findAllByTestId('ereader-device-row')
    expect(rows.map((r) => r.textContent).join()).toContain('Bob Kobo')
    expect(rows.map((r) => r.textContent).join()).toContain('bob')
    expect(useSessionStore.getState().ereaderDevices.map((d) => d.name)).toEqual(['Kindle', 'Bob Kobo'])
  })

  it("a refused save shows 'Failed to add device' with the server's message", async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = fakeServer({
      'GET /api/libraries': () => json({ libraries: [] }),
      'GET /api/users': () => json({ users: [root] }),
      'GET /api/emails/settings': () => json({ settings: settings({ ereaderDevices: [] }) }),
      'POST /api/emails/ereader-devices': () => text('Ereader device with that name already exists', 400),
    })
    const { user } = renderApp('/config/email', fake)
    await user.click(await screen.findByRole('button', { name: 'Add device' }))
    const modal = await screen.findByTestId('ereader-device-modal')
    await user.type(within(modal).getByLabelText('Name'), 'Kobo')
    await user.type(within(modal).getByLabelText('Email'), 'kobo@example.org')
    await user.click(within(modal).getByRole('button', { name: 'Add' }))
    await waitFor(() =>
      expect(toasts()).toContain('Failed to add device: Ereader device with that name already exists'),
    )
    expect(screen.getByTestId('ereader-device-modal')).toBeTruthy()
  })
})
