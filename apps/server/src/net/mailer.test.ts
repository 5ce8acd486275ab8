import net from 'node:net'
import type { AddressInfo } from 'node:net'
import { afterEach, describe, expect, it } from 'vitest'
import { mailAttachments, startSmtpTestServer } from '../test-support/smtp-test-server.ts'
import { createMailer, MailSendError, type SmtpServer } from './mailer.ts'

const servers: { close(): unknown }[] = []
afterEach(async () => {
  for (const s of servers.splice(0)) await s.close()
})

const mail = { from: 'a@example.org', to: 'b@example.org', subject: 'Hi', text: 'Hello' }
const smtpAt = (port: number, over: Partial<SmtpServer> = {}): SmtpServer => ({
  host: '127.0.0.1',
  port,
  secure: false,
  rejectUnauthorized: true,
  user: 'u',
  pass: 'p',
  ...over,
})

describe('mailer', () => {
  it('delivers through a real SMTP server with a login', async () => {
    const smtp = await startSmtpTestServer({ user: 'u', pass: 'p' })
    servers.push(smtp)
    await createMailer()(smtpAt(smtp.port), mail)
    const received = await smtp.waitForMail(1)
    expect(received.to).toEqual(['b@example.org'])
    expect(mailAttachments(received.raw)).toEqual([])
  })

  it('gives up on a server that never greets, within its timeout, and tries once', async () => {
    let connections = 0
    const silent = net.createServer((socket) => {
      connections++
      socket.on('error', () => undefined)
    })
    await new Promise<void>((resolve) => silent.listen(0, '127.0.0.1', resolve))
    servers.push({ close: () => new Promise((r) => silent.close(r)) })
    const { port } = silent.address() as AddressInfo
    const started = Date.now()
    const send = createMailer({ connectionMs: 1000, greetingMs: 500, socketMs: 1000 })(smtpAt(port), mail)
    await expect(send).rejects.toBeInstanceOf(MailSendError)
    expect(Date.now() - started).toBeLessThan(5000)
    expect(connections).toBe(1)
  })

  it('never repeats the password in its error', async () => {
    const smtp = await startSmtpTestServer({ user: 'u', pass: 'right' })
    servers.push(smtp)
    const error = await createMailer()(smtpAt(smtp.port, { pass: 'wrong-pass' }), mail).catch(
      (e: unknown) => e,
    )
    expect(error).toBeInstanceOf(MailSendError)
    expect((error as Error).message).toMatch(/Invalid username or password/)
    expect((error as Error).message).not.toContain('wrong-pass')
  })
})
