import type { Backup, BackupsResponse } from '@shelfcast/contracts'
import { screen, waitFor, within } from '@testing-library/react'
import { afterEach, describe, expect, it, vi } from 'vitest'
import { useSessionStore } from '@/lib/session-store.ts'
import { fakeServer, json, text } from '@/test/fake-server.ts'
import { loginResponseFixture, userFixture } from '@/test/fixtures.ts'
import { renderApp } from '@/test/render-app.tsx'

const root = userFixture('root', { id: 'root-id' })

const backup = (id: string, createdAt: number): Backup => ({
  id,
  key: 'backups',
  filename: `${id}.audiobookshelf`,
  fullPath: `/data/metadata/backups/${id}.audiobookshelf`,
  backupDirPath: '/data/metadata/backups',
  fileSize: 2048,
  createdAt,
  serverVersion: '0.1.0',
  schemaVersion: 16,
})

function server(initial: Backup[], backupPathEnvSet = false) {
  let backups = initial
  const list = (): BackupsResponse => ({
    backups,
    backupLocation: '/data/metadata/backups',
    backupPathEnvSet,
  })
  return fakeServer({
    'GET /api/libraries': () => json({ libraries: [] }),
    'GET /api/backups': () => json(list()),
    'POST /api/backups': () => {
      backups = [backup('2026-01-03T000000', Date.UTC(2026, 0, 3)), ...backups]
      return json(list())
    },
    'DELETE /api/backups/2026-01-01T000000': () => {
      backups = backups.filter((b) => b.id !== '2026-01-01T000000')
      return json(list())
    },
    'GET /api/backups/2026-01-01T000000/apply': () => json({}),
    'POST /api/backups/upload': () =>
      text('Failed to upload backup: This is an Audiobookshelf backup; Shelfcast cannot restore it', 400),
    'PATCH /api/settings': () => json({}),
  })
}

const toasts = () =>
  screen
    .queryAllByTestId('toast')
    .map((t) => t.textContent)
    .join(' | ')

describe('/config/backups', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })
  it('lists backups, creates one, deletes and restores after confirming', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = server([backup('2026-01-01T000000', Date.UTC(2026, 0, 1))])
    const { user } = renderApp('/config/backups', fake)
    expect(await screen.findAllByTestId('backup-row')).toHaveLength(1)
    const link = screen.getByTestId('backup-download')
    expect(link.getAttribute('href')).toContain('/api/backups/2026-01-01T000000/download?token=')

    await user.click(screen.getByTestId('backup-create'))
    await waitFor(() => expect(screen.getAllByTestId('backup-row')).toHaveLength(2))
    expect(toasts()).toContain('Backup created')

    const rows = screen.getAllByTestId('backup-row')
    await user.click(within(rows[1]!).getByTestId('backup-restore'))
    const dialog = await screen.findByTestId('backup-confirm')
    expect(dialog.textContent).toContain('Changes since then are lost')
    await user.click(within(dialog).getByRole('button', { name: 'Restore' }))
    await waitFor(() => expect(toasts()).toContain('Backup applied'))
    expect(fake.requests.some((r) => r.method === 'GET' && r.path.endsWith('/apply'))).toBe(true)

    await user.click(within(screen.getAllByTestId('backup-row')[1]!).getByTestId('backup-delete'))
    await user.click(
      within(await screen.findByTestId('backup-confirm')).getByRole('button', { name: 'Delete' }),
    )
    await waitFor(() => expect(screen.getAllByTestId('backup-row')).toHaveLength(1))
    expect(toasts()).toContain('Backup deleted')
  })

  it("shows the server's reason when an upload is refused, and checks the settings before saving", async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    const fake = server([])
    // The upload goes through fetch itself (multipart), not the JSON api client.
    vi.stubGlobal('fetch', fake.fetch)
    const { user } = renderApp('/config/backups', fake)
    expect(await screen.findByText('No backups yet')).toBeTruthy()
    const input = screen.getByTestId('backup-upload-input') as HTMLInputElement
    await user.upload(input, new File(['x'], 'abs.audiobookshelf'))
    await waitFor(() =>
      expect(toasts()).toContain('Failed to upload backup: This is an Audiobookshelf backup'),
    )

    const form = screen.getByTestId('backup-settings-form')
    await user.clear(within(form).getByLabelText('Backups to keep'))
    await user.type(within(form).getByLabelText('Backups to keep'), '0')
    await user.click(within(form).getByRole('button', { name: 'Save' }))
    expect(within(form).getByText('Invalid number of backups to keep')).toBeTruthy()
    expect(fake.requests.some((r) => r.method === 'PATCH')).toBe(false)
  })

  it('shows the backup location read-only when BACKUP_PATH sets it', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    renderApp('/config/backups', server([], true))
    const field = (await screen.findByLabelText('Path')) as HTMLInputElement
    expect(field.value).toBe('/data/metadata/backups')
    expect(field.readOnly).toBe(true)
    expect(screen.getByText('Set by the BACKUP_PATH environment variable')).toBeTruthy()
    const section = screen.getByRole('region', { name: 'Backup location' })
    expect(within(section).queryByRole('button', { name: 'Save' })).toBeNull()
  })

  it('lets an admin edit the backup location when BACKUP_PATH is not set', async () => {
    useSessionStore.getState().setSession(loginResponseFixture(root))
    renderApp('/config/backups', server([]))
    const field = (await screen.findByLabelText('Path')) as HTMLInputElement
    expect(field.readOnly).toBe(false)
    const section = screen.getByRole('region', { name: 'Backup location' })
    expect(within(section).getByRole('button', { name: 'Save' })).toBeTruthy()
  })
})
