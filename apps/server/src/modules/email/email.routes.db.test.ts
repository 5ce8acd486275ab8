import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { EmailSettings, EreaderDevice, LibraryFile, LoginResponse, User } from '@shelfcast/contracts'
import { afterAll, beforeAll, describe, expect, it } from 'vitest'
import { ItemFixtures } from '../../test-support/item-fixtures.ts'
import {
  mailAttachments,
  mailHeader,
  sha256,
  startSmtpTestServer,
  type SmtpTestServer,
} from '../../test-support/smtp-test-server.ts'
import { connectSocket, type TestSocket } from '../../test-support/socket-client.ts'
import { createInitialisedApp, type LoggedIn, type TestApp } from '../../test-support/test-app.ts'

const SMTP_USER = 'mailer'
const SMTP_PASS = 'smtp-secret-Pa55'

const ebookEntry = (ino: string, full: string): LibraryFile => ({
  ino,
  metadata: {
    filename: path.basename(full),
    ext: path.extname(full),
    path: full,
    relPath: path.basename(full),
    size: fs.statSync(full).size,
    mtimeMs: 0,
    ctimeMs: 0,
    birthtimeMs: 0,
  },
  isSupplementary: false,
  addedAt: 0,
  updatedAt: 0,
  fileType: 'ebook',
})

describe('email settings, ereader devices and send to device', () => {
  let t: TestApp
  let root: LoggedIn
  let reader: LoggedIn
  let readerUser: User
  let plain: LoggedIn
  let outsider: LoggedIn
  let smtp: SmtpTestServer
  let bookId: string
  let bigBookId: string
  let audioOnlyId: string
  let epubBytes: Buffer
  const sockets: TestSocket[] = []

  const call = (method: 'GET' | 'POST' | 'PATCH', url: string, who: LoggedIn, body?: unknown) =>
    t.call(method, url, who.accessToken, body)
  const smtpSettings = (overrides: Record<string, unknown> = {}) => ({
    host: smtp.host,
    port: smtp.port,
    secure: false,
    rejectUnauthorized: true,
    user: SMTP_USER,
    pass: SMTP_PASS,
    fromAddress: 'shelf@example.org',
    testAddress: 'admin@example.org',
    ...overrides,
  })
  const setDevices = (devices: Partial<EreaderDevice>[]) =>
    call('POST', '/api/emails/ereader-devices', root, { ereaderDevices: devices })

  beforeAll(async () => {
    ;({ t, root } = await createInitialisedApp())
    smtp = await startSmtpTestServer({
      user: SMTP_USER,
      pass: SMTP_PASS,
      rejectRecipients: [{ address: 'blocked@example.org', message: 'Mailbox unavailable: blocked' }],
    })
    readerUser = await t.createUser(root.accessToken, {
      username: 'reader',
      password: 'pw',
      permissions: { createEreader: true },
    })
    await t.createUser(root.accessToken, { username: 'plain', password: 'pw' })
    await t.createUser(root.accessToken, {
      username: 'outsider',
      password: 'pw',
      permissions: { accessAllLibraries: false },
      librariesAccessible: [],
    })
    reader = await t.login('reader', 'pw')
    plain = await t.login('plain', 'pw')
    outsider = await t.login('outsider', 'pw')

    const fx = new ItemFixtures(t.ctx.database.db)
    const folder = path.join(t.dir, 'media', 'books')
    const library = (await fx.library({ name: 'Books', folder })).id
    const dir = path.join(folder, 'Ursula', 'Earthsea')
    fs.mkdirSync(dir, { recursive: true })
    epubBytes = crypto.randomBytes(300_000) // binary, so any re-encoding would show
    fs.writeFileSync(path.join(dir, 'A Wizard of Earthsea.epub'), epubBytes)
    const epub = ebookEntry('70', path.join(dir, 'A Wizard of Earthsea.epub'))
    bookId = await fx.item(library, {
      title: 'A Wizard of Earthsea',
      path: dir,
      ebookFormat: 'epub',
      ebookFile: epub,
      libraryFiles: [epub],
    })
    const bigDir = path.join(folder, 'Big', 'Tome')
    fs.mkdirSync(bigDir, { recursive: true })
    const bigPath = path.join(bigDir, 'tome.pdf')
    fs.writeFileSync(bigPath, '')
    fs.truncateSync(bigPath, 30 * 1024 * 1024) // sparse: over the 25 MB limit of a non-Kindle device
    const big = ebookEntry('71', bigPath)
    bigBookId = await fx.item(library, {
      title: 'Tome',
      path: bigDir,
      ebookFormat: 'pdf',
      ebookFile: big,
      libraryFiles: [big],
    })
    audioOnlyId = await fx.item(library, { title: 'Only Audio' })
  })
  afterAll(async () => {
    for (const s of sockets) s.close()
    await t.close()
    await smtp.close()
  })

  it('keeps admin routes to admins and /api/me/ereader-devices to createEreader', async () => {
    expect((await call('GET', '/api/emails/settings', plain)).statusCode).toBe(403)
    expect((await call('PATCH', '/api/emails/settings', plain, { host: 'x' })).statusCode).toBe(403)
    expect((await call('POST', '/api/emails/test', plain)).statusCode).toBe(403)
    expect(
      (await call('POST', '/api/emails/ereader-devices', plain, { ereaderDevices: [] })).statusCode,
    ).toBe(403)
    const own = { ereaderDevices: [{ name: 'Mine', email: 'mine@example.org' }] }
    expect((await call('POST', '/api/me/ereader-devices', plain, own)).statusCode).toBe(403)
    expect((await t.call('GET', '/api/emails/settings', null)).statusCode).toBe(401)
  })

  it('stores only given values and never answers the password', async () => {
    const first = await call('GET', '/api/emails/settings', root)
    expect(first.json<{ settings: EmailSettings }>().settings).toMatchObject({
      host: null,
      port: 465,
      secure: true,
      rejectUnauthorized: true,
      pass: null,
      ereaderDevices: [],
    })
    const saved = await call('PATCH', '/api/emails/settings', root, smtpSettings())
    expect(saved.statusCode).toBe(200)
    expect(saved.body).not.toContain(SMTP_PASS)
    expect(saved.json<{ settings: EmailSettings }>().settings).toMatchObject({
      host: smtp.host,
      port: smtp.port,
      secure: false,
      user: SMTP_USER,
      pass: '********',
    })
    // Sending the mask back or an empty password keeps the stored one; a partial PATCH keeps the rest.
    const masked = await call('PATCH', '/api/emails/settings', root, { pass: '********', port: smtp.port })
    expect(masked.json<{ settings: EmailSettings }>().settings.host).toBe(smtp.host)
    await call('PATCH', '/api/emails/settings', root, { pass: '' })
    const again = await call('GET', '/api/emails/settings', root)
    expect(again.body).not.toContain(SMTP_PASS)
    expect((await call('POST', '/api/emails/test', root)).statusCode).toBe(200)
    expect(
      (await call('PATCH', '/api/emails/settings', root, { testAddress: 'not an address' })).statusCode,
    ).toBe(400)
  })

  it('sends the test email to the test address', async () => {
    const before = smtp.received.length
    const res = await call('POST', '/api/emails/test', root)
    expect(res.statusCode).toBe(200)
    const mail = await smtp.waitForMail(before + 1)
    expect(mail.to).toEqual(['admin@example.org'])
    expect(mail.from).toBe('shelf@example.org')
    expect(mailHeader(mail.raw, 'subject')).toMatch(/test email/i)
  })

  it('validates devices: name and email required, valid address, unique names', async () => {
    const missing = await setDevices([{ name: '  ', email: 'k@kindle.com' }])
    expect([missing.statusCode, missing.body]).toEqual([400, 'Name and email are required'])
    const noEmail = await setDevices([{ name: 'Kindle' }])
    expect([noEmail.statusCode, noEmail.body]).toEqual([400, 'Name and email are required'])
    const bad = await setDevices([{ name: 'Kindle', email: 'kindle.com' }])
    expect([bad.statusCode, bad.body]).toEqual([400, 'Invalid email address'])
    const dup = await setDevices([
      { name: 'Kindle', email: 'a@kindle.com' },
      { name: 'kindle', email: 'b@kindle.com' },
    ])
    expect([dup.statusCode, dup.body]).toEqual([400, 'Ereader device with that name already exists'])
  })

  it('tells each online user the devices they may use; the login payload carries them', async () => {
    const base = await t.listen()
    const [adminSocket, plainSocket, readerSocket] = await Promise.all([
      connectSocket(base),
      connectSocket(base),
      connectSocket(base),
    ])
    sockets.push(adminSocket, plainSocket, readerSocket)
    await adminSocket.auth(root.accessToken)
    await plainSocket.auth(plain.accessToken)
    await readerSocket.auth(reader.accessToken)

    const res = await setDevices([
      { name: 'Admin Kindle', email: 'admin@kindle.com', availabilityOption: 'adminOrUp' },
      { name: 'Family Kobo', email: 'family@example.org', availabilityOption: 'userOrUp' },
      {
        name: 'Reader Only',
        email: 'reader@example.org',
        availabilityOption: 'specificUsers',
        users: [readerUser.id],
      },
      { name: 'Blocked', email: 'blocked@example.org', availabilityOption: 'guestOrUp' },
    ])
    expect(res.statusCode).toBe(200)

    type Payload = { ereaderDevices: EreaderDevice[] }
    const names = (p: Payload) => p.ereaderDevices.map((d) => d.name).sort()
    const forAdmin = await adminSocket.waitFor<Payload>('ereader-devices-updated')
    const forPlain = await plainSocket.waitFor<Payload>('ereader-devices-updated')
    const forReader = await readerSocket.waitFor<Payload>('ereader-devices-updated')
    expect(names(forAdmin)).toEqual(['Admin Kindle', 'Blocked', 'Family Kobo', 'Reader Only'])
    expect(names(forPlain)).toEqual(['Blocked', 'Family Kobo'])
    expect(names(forReader)).toEqual(['Blocked', 'Family Kobo', 'Reader Only'])
    for (const s of [adminSocket, plainSocket, readerSocket])
      expect(JSON.stringify(s.events)).not.toContain(SMTP_PASS)

    const login = await t.inject({
      method: 'POST',
      url: '/login',
      payload: { username: 'plain', password: 'pw' },
    })
    expect(login.body).not.toContain(SMTP_PASS)
    expect(names(login.json<LoginResponse>())).toEqual(['Blocked', 'Family Kobo'])
    const authorize = await t.call('POST', '/api/authorize', reader.accessToken)
    expect(names(authorize.json<LoginResponse>())).toEqual(['Blocked', 'Family Kobo', 'Reader Only'])
  })

  it("lets a createEreader user replace their own devices, leaving others' untouched", async () => {
    const res = await call('POST', '/api/me/ereader-devices', reader, {
      ereaderDevices: [
        {
          name: 'My Kobo',
          email: 'my-kobo@example.org',
          availabilityOption: 'guestOrUp',
          users: ['someone'],
        },
      ],
    })
    expect(res.statusCode).toBe(200)
    expect(res.json<{ ereaderDevices: EreaderDevice[] }>().ereaderDevices).toEqual([
      {
        name: 'My Kobo',
        email: 'my-kobo@example.org',
        availabilityOption: 'specificUsers',
        users: [readerUser.id],
      },
    ])
    const all = (await call('GET', '/api/emails/settings', root)).json<{ settings: EmailSettings }>().settings
    expect(all.ereaderDevices.map((d) => d.name).sort()).toEqual([
      'Admin Kindle',
      'Blocked',
      'Family Kobo',
      'My Kobo',
    ])
    const taken = await call('POST', '/api/me/ereader-devices', reader, {
      ereaderDevices: [{ name: 'Family Kobo', email: 'x@example.org' }],
    })
    expect([taken.statusCode, taken.body]).toEqual([400, 'Ereader device with that name already exists'])
  })

  it('sends the ebook byte-identical, with its file name and type, to a device the user may use', async () => {
    const before = smtp.received.length
    const res = await call('POST', '/api/emails/send-ebook-to-device', reader, {
      libraryItemId: bookId,
      deviceName: 'My Kobo',
    })
    expect([res.statusCode, res.body]).toEqual([200, '{"success":true}'])
    const mail = await smtp.waitForMail(before + 1)
    expect(mail.to).toEqual(['my-kobo@example.org'])
    const [attachment, ...rest] = mailAttachments(mail.raw)
    expect(rest).toHaveLength(0)
    expect(attachment?.filename).toBe('A Wizard of Earthsea.epub')
    expect(attachment?.contentType).toBe('application/epub+zip')
    expect(sha256(attachment?.body ?? Buffer.alloc(0))).toBe(sha256(epubBytes))
  })

  it('refuses devices, items and sizes the user may not send', async () => {
    const send = (who: LoggedIn, libraryItemId: string, deviceName: string) =>
      call('POST', '/api/emails/send-ebook-to-device', who, { libraryItemId, deviceName })
    expect((await send(plain, bookId, 'Admin Kindle')).statusCode).toBe(400)
    expect((await send(plain, bookId, 'My Kobo')).statusCode).toBe(400)
    expect((await send(plain, bookId, 'No Such Device')).statusCode).toBe(400)
    expect((await send(outsider, bookId, 'Blocked')).statusCode).toBe(404)
    expect((await send(root, audioOnlyId, 'Admin Kindle')).statusCode).toBe(404)
    const big = await send(root, bigBookId, 'Family Kobo')
    expect(big.statusCode).toBe(400)
    expect(big.body).toContain('25 MB')
  })

  it("answers 400 with the SMTP server's words when it refuses, never a 5xx, and does not retry", async () => {
    const before = smtp.received.length
    const rejected = await call('POST', '/api/emails/send-ebook-to-device', root, {
      libraryItemId: bookId,
      deviceName: 'Blocked',
    })
    expect(rejected.statusCode).toBe(400)
    expect(rejected.body).toContain('Mailbox unavailable: blocked')

    await call('PATCH', '/api/emails/settings', root, { pass: 'wrong-password' })
    const wrong = await call('POST', '/api/emails/test', root)
    expect(wrong.statusCode).toBe(400)
    expect(wrong.body).toMatch(/Invalid username or password/)
    expect(wrong.body).not.toContain('wrong-password')
    await call('PATCH', '/api/emails/settings', root, { pass: SMTP_PASS })

    // Nothing listens: refused at once.
    const closed = await startSmtpTestServer({ user: SMTP_USER, pass: SMTP_PASS })
    const closedPort = closed.port
    await closed.close()
    await call('PATCH', '/api/emails/settings', root, { port: closedPort })
    const down = await call('POST', '/api/emails/test', root)
    expect(down.statusCode).toBe(400)
    expect(down.body).toMatch(/ECONNREFUSED|connect/i)

    // A server offering STARTTLS with a self-signed certificate, while certificates are checked.
    const tlsServer = await startSmtpTestServer({ user: SMTP_USER, pass: SMTP_PASS, offerStartTls: true })
    try {
      await call('PATCH', '/api/emails/settings', root, { port: tlsServer.port })
      const refused = await call('POST', '/api/emails/test', root)
      expect(refused.statusCode).toBe(400)
      expect(refused.body).toMatch(/certificate/i)
      expect(tlsServer.received).toHaveLength(0)
    } finally {
      await tlsServer.close()
    }
    // TLS from the first byte against a plain server.
    await call('PATCH', '/api/emails/settings', root, { port: smtp.port, secure: true })
    const plainTls = await call('POST', '/api/emails/test', root)
    expect(plainTls.statusCode).toBe(400)
    await call('PATCH', '/api/emails/settings', root, { secure: false })
    expect(smtp.received).toHaveLength(before)
    expect(t.logs.errors()).toEqual([])
    expect(JSON.stringify(t.logs.lines())).not.toContain(SMTP_PASS)
  })
})
