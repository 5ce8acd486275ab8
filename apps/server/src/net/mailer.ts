import nodemailer from 'nodemailer'

/** Where and how to reach the SMTP server (the admin's email settings). */
export interface SmtpServer {
  host: string
  port: number
  /** TLS from the first byte (port 465); otherwise STARTTLS when the server offers it. */
  secure: boolean
  /** Refuse a server whose certificate does not verify. */
  rejectUnauthorized: boolean
  user: string | null
  pass: string | null
}

export interface MailAttachment {
  filename: string
  path: string
  contentType: string
}

export interface Mail {
  from: string
  to: string
  subject: string
  text: string
  attachments?: MailAttachment[]
}

/** How long each step may take: a dead or silent server fails the send instead of hanging a request. */
export interface MailTimeouts {
  connectionMs: number
  greetingMs: number
  /** Inactivity on an open connection (a slow upload of a large attachment still moves bytes). */
  socketMs: number
}

export const defaultMailTimeouts: MailTimeouts = {
  connectionMs: 15_000,
  greetingMs: 15_000,
  socketMs: 60_000,
}

/** The send failed: `message` is what the SMTP server (or the connection) said, fit to show an admin. */
export class MailSendError extends Error {
  readonly code: string | undefined
  constructor(message: string, code: string | undefined) {
    super(message)
    this.name = 'MailSendError'
    this.code = code
  }
}

export type SendMail = (server: SmtpServer, mail: Mail) => Promise<void>

const MESSAGE_MAX_CHARS = 500

/** The server's own words when it gave any (a 535 or 550 line), else the connection's error. */
function failureMessage(err: unknown, pass: string | null): MailSendError {
  const e = err as { message?: unknown; response?: unknown; code?: unknown }
  const raw = typeof e.message === 'string' && e.message ? e.message : String(err)
  let message = raw.replace(/\s+/g, ' ').trim().slice(0, MESSAGE_MAX_CHARS)
  // Never echo the password, whatever a server or library puts in its message.
  if (pass) message = message.split(pass).join('***')
  return new MailSendError(message || 'SMTP error', typeof e.code === 'string' ? e.code : undefined)
}

/**
 * The outbound SMTP connection: one connection per mail (no pool), bounded by timeouts, tried once (no retry
 * loop); a failure is a MailSendError carrying the server's message.
 */
export function createMailer(timeouts: MailTimeouts = defaultMailTimeouts): SendMail {
  return async (server, mail) => {
    const transport = nodemailer.createTransport({
      host: server.host,
      port: server.port,
      secure: server.secure,
      pool: false,
      auth: server.user ? { user: server.user, pass: server.pass ?? '' } : undefined,
      tls: { rejectUnauthorized: server.rejectUnauthorized },
      connectionTimeout: timeouts.connectionMs,
      greetingTimeout: timeouts.greetingMs,
      socketTimeout: timeouts.socketMs,
      disableFileAccess: false,
      disableUrlAccess: true,
    })
    try {
      await transport.sendMail({
        from: mail.from,
        to: mail.to,
        subject: mail.subject,
        text: mail.text,
        attachments: mail.attachments?.map((a) => ({
          filename: a.filename,
          path: a.path,
          contentType: a.contentType,
        })),
      })
    } catch (err) {
      throw failureMessage(err, server.pass)
    } finally {
      transport.close()
    }
  }
}
