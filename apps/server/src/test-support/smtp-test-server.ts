import crypto from 'node:crypto'
import type { AddressInfo } from 'node:net'
import { SMTPServer } from 'smtp-server'

/** One message as the test SMTP server received it. */
export interface ReceivedMail {
  from: string | null
  to: string[]
  raw: Buffer
}

export interface SmtpTestServer {
  host: string
  port: number
  received: ReceivedMail[]
  /** Resolves once `count` messages arrived (or fails after the ceiling). */
  waitForMail(count?: number, timeoutMs?: number): Promise<ReceivedMail>
  close(): Promise<void>
}

export interface SmtpTestServerOptions {
  user: string
  pass: string
  /** Offer STARTTLS with smtp-server's built-in self-signed certificate (a client that checks it refuses). */
  offerStartTls?: boolean
  /** Recipients refused at RCPT TO with this text (a 550 answer). */
  rejectRecipients?: { address: string; message: string }[]
}

/**
 * A protocol-true SMTP server on 127.0.0.1 (random port) that requires a login and keeps every message it
 * accepts: what the server's mailer and the e2e journeys send to.
 */
export async function startSmtpTestServer(options: SmtpTestServerOptions): Promise<SmtpTestServer> {
  const received: ReceivedMail[] = []
  const waiters = new Set<() => void>()
  const server = new SMTPServer({
    secure: false,
    authMethods: ['PLAIN', 'LOGIN'],
    allowInsecureAuth: true,
    disabledCommands: options.offerStartTls ? [] : ['STARTTLS'],
    logger: false,
    onAuth(auth, _session, callback) {
      if (auth.username === options.user && auth.password === options.pass)
        callback(null, { user: auth.username })
      else callback(Object.assign(new Error('Invalid username or password'), { responseCode: 535 }))
    },
    onRcptTo(address, _session, callback) {
      const refused = options.rejectRecipients?.find((r) => r.address === address.address)
      if (refused) callback(Object.assign(new Error(refused.message), { responseCode: 550 }))
      else callback()
    },
    onData(stream, session, callback) {
      const chunks: Buffer[] = []
      stream.on('data', (c: Buffer) => chunks.push(c))
      stream.on('end', () => {
        const from = session.envelope.mailFrom
        received.push({
          from: from ? from.address : null,
          to: session.envelope.rcptTo.map((r) => r.address),
          raw: Buffer.concat(chunks),
        })
        for (const wake of waiters) wake()
        callback()
      })
    },
  })
  // Connections the mailer drops mid-session are expected in the failure tests.
  server.on('error', () => undefined)
  await new Promise<void>((resolve, reject) => {
    server.server.once('error', reject)
    server.listen(0, '127.0.0.1', () => resolve())
  })
  const { port } = server.server.address() as AddressInfo
  return {
    host: '127.0.0.1',
    port,
    received,
    waitForMail(count = received.length + 1, timeoutMs = 15_000) {
      return new Promise((resolve, reject) => {
        const check = () => {
          const mail = received[count - 1]
          if (!mail) return false
          waiters.delete(check)
          clearTimeout(timer)
          resolve(mail)
          return true
        }
        const timer = setTimeout(() => {
          waiters.delete(check)
          reject(new Error(`no mail #${count} within ${timeoutMs} ms`))
        }, timeoutMs)
        if (!check()) waiters.add(check)
      })
    },
    close: () => new Promise<void>((resolve) => server.close(() => resolve())),
  }
}

export interface MailPart {
  headers: Record<string, string>
  body: Buffer
}

function splitHeaders(text: string): { headers: Record<string, string>; body: string } {
  const at = text.search(/\r?\n\r?\n/)
  const head = at < 0 ? text : text.slice(0, at)
  const body = at < 0 ? '' : text.slice(at).replace(/^\r?\n\r?\n/, '')
  const headers: Record<string, string> = {}
  for (const line of head.replace(/\r?\n[ \t]+/g, ' ').split(/\r?\n/)) {
    const colon = line.indexOf(':')
    if (colon > 0) headers[line.slice(0, colon).trim().toLowerCase()] = line.slice(colon + 1).trim()
  }
  return { headers, body }
}

function decodeBody(headers: Record<string, string>, body: string): Buffer {
  const encoding = (headers['content-transfer-encoding'] ?? '7bit').toLowerCase()
  if (encoding === 'base64') return Buffer.from(body.replace(/\s+/g, ''), 'base64')
  if (encoding === 'quoted-printable')
    return Buffer.from(
      body
        .replace(/=\r?\n/g, '')
        .replace(/=([0-9A-F]{2})/gi, (_m, hex: string) => String.fromCharCode(parseInt(hex, 16))),
      'latin1',
    )
  return Buffer.from(body, 'latin1')
}

/** The leaf parts of a MIME message (enough of RFC 2045/2046 for what nodemailer writes). */
export function mimeParts(raw: Buffer): MailPart[] {
  const walk = (text: string): MailPart[] => {
    const { headers, body } = splitHeaders(text)
    const boundary = /boundary="?([^";]+)"?/i.exec(headers['content-type'] ?? '')?.[1]
    if (!boundary || !/^multipart\//i.test(headers['content-type'] ?? ''))
      return [{ headers, body: decodeBody(headers, body) }]
    const sections = body.split(`--${boundary}`).slice(1)
    return sections.filter((s) => !s.startsWith('--')).flatMap((s) => walk(s.replace(/^\r?\n/, '')))
  }
  return walk(raw.toString('latin1'))
}

/** The attachments of a message with their file names, content types and bytes. */
export function mailAttachments(raw: Buffer): { filename: string; contentType: string; body: Buffer }[] {
  return mimeParts(raw)
    .filter((p) => /attachment/i.test(p.headers['content-disposition'] ?? ''))
    .map((p) => ({
      filename: /filename="?([^";]+)"?/i.exec(p.headers['content-disposition'] ?? '')?.[1] ?? '',
      contentType: (p.headers['content-type'] ?? '').split(';')[0]?.trim() ?? '',
      body: p.body,
    }))
}

export const sha256 = (bytes: Buffer) => crypto.createHash('sha256').update(bytes).digest('hex')

/** A message's header value (Subject, To ...), unfolded. */
export function mailHeader(raw: Buffer, name: string): string | undefined {
  return splitHeaders(raw.toString('latin1')).headers[name.toLowerCase()]
}
