import path from 'node:path'
import {
  ereaderAttachmentLimit,
  EreaderDeviceInput,
  isOwnEreaderDevice,
  isSendableEbookFormat,
  isValidEmailAddress,
  isAdminOrUp,
  mayUseEreaderDevice,
  messages,
  SMTP_PASSWORD_MASK,
  type EmailSettings,
  type EreaderDevice,
  type SendEbookToDeviceRequest,
  type UpdateEmailSettingsRequest,
} from '@shelfcast/contracts'
import type { Logger } from 'pino'
import { contentTypeOf } from '../../files/media-types.ts'
import { badRequest } from '../../http/errors.ts'
import { MailSendError, type SendMail, type SmtpServer } from '../../net/index.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import type { EmailSettingsStore, StoredEmailSettings } from './email-settings.store.ts'

const SETTINGS_ID = 'email-settings'
const MB = 1024 * 1024

export interface EmailServiceDeps {
  store: EmailSettingsStore
  items: Pick<ItemsService, 'ebookFile'>
  realtime: Pick<Realtime, 'onlineUsersWhere' | 'toUser'>
  sendMail: SendMail
  log: Logger
}

type Caller = Pick<UserRecord, 'id' | 'type'>

/**
 * SMTP settings, the ereader device list and mails sent with them. The stored password is only ever handed to
 * the mailer: answers carry a mask, socket events carry devices only.
 */
export class EmailService {
  private readonly deps: EmailServiceDeps
  constructor(deps: EmailServiceDeps) {
    this.deps = deps
  }

  async settings(): Promise<EmailSettings> {
    return masked(await this.deps.store.get())
  }

  async updateSettings(changes: UpdateEmailSettingsRequest): Promise<EmailSettings> {
    const current = await this.deps.store.get()
    const next: StoredEmailSettings = { ...current }
    if (changes.host !== undefined) next.host = changes.host || null
    if (changes.port !== undefined) next.port = changes.port
    if (changes.secure !== undefined) next.secure = changes.secure
    if (changes.rejectUnauthorized !== undefined) next.rejectUnauthorized = changes.rejectUnauthorized
    if (changes.user !== undefined) next.user = changes.user || null
    // The mask (what GET answered) or an empty field keeps the stored password; null removes it.
    if (changes.pass === null) next.pass = null
    else if (changes.pass !== undefined && changes.pass !== '' && changes.pass !== SMTP_PASSWORD_MASK)
      next.pass = changes.pass
    for (const key of ['testAddress', 'fromAddress'] as const) {
      const value = changes[key]
      if (value === undefined) continue
      if (value && !isValidEmailAddress(value)) throw badRequest(messages.invalidEmailAddress)
      next[key] = value || null
    }
    return masked(await this.deps.store.set(next))
  }

  /** The devices a user may send to (the login payload and the user's socket event). */
  async devicesFor(user: Caller): Promise<EreaderDevice[]> {
    const { ereaderDevices } = await this.deps.store.get()
    return ereaderDevices.filter((d) => mayUseEreaderDevice(user, d))
  }

  /** Admins: replaces the whole list. */
  async replaceDevices(input: readonly EreaderDeviceInput[]): Promise<EreaderDevice[]> {
    const devices = input.map(validDevice)
    assertUniqueNames(devices)
    await this.saveDevices(devices)
    return devices
  }

  /**
   * A user with createEreader: replaces the devices only they may use, keeping everyone else's. Whatever the
   * body says, each device becomes theirs alone.
   */
  async replaceOwnDevices(user: Caller, input: readonly EreaderDeviceInput[]): Promise<EreaderDevice[]> {
    const own = input.map((d) => ({
      ...validDevice(d),
      availabilityOption: 'specificUsers' as const,
      users: [user.id],
    }))
    const { ereaderDevices } = await this.deps.store.get()
    const others = ereaderDevices.filter((d) => !isOwnEreaderDevice(user.id, d))
    assertUniqueNames([...others, ...own])
    await this.saveDevices([...others, ...own])
    return own
  }

  async sendTest(): Promise<void> {
    const settings = await this.deps.store.get()
    if (!settings.testAddress) throw badRequest('Test address is not set')
    await this.send(settings, {
      to: settings.testAddress,
      subject: 'Test email from Shelfcast',
      text: 'Your Shelfcast email settings work: this is the test email.',
    })
  }

  async sendEbookToDevice(user: UserRecord, request: SendEbookToDeviceRequest): Promise<void> {
    const settings = await this.deps.store.get()
    const device = settings.ereaderDevices.find((d) => d.name === request.deviceName)
    if (!device || !mayUseEreaderDevice(user, device)) throw badRequest('Ereader device not found')
    // 404 when the item is not visible to the user or has no ebook file (the item-visibility rule).
    const file = await this.deps.items.ebookFile(user, request.libraryItemId)
    const filename = path.basename(file.path)
    const format = path.extname(filename).slice(1)
    if (!isSendableEbookFormat(format)) throw badRequest(`Ebook format ${format || 'unknown'} cannot be sent`)
    const limit = ereaderAttachmentLimit(device.email)
    if (file.size > limit.maxBytes) {
      const size = (file.size / MB).toFixed(1)
      const max = limit.maxBytes / MB
      throw badRequest(
        `Ebook is too large for ${device.name}: ${size} MB, the limit for ${limit.kind === 'kindle' ? 'Kindle' : 'this device'} is ${max} MB`,
      )
    }
    await this.send(settings, {
      to: device.email,
      subject: path.basename(filename, path.extname(filename)),
      text: `${filename}, sent from Shelfcast.`,
      attachments: [{ filename, path: file.path, contentType: contentTypeOf(filename) }],
    })
    this.deps.log.info({ device: device.name, item: request.libraryItemId }, 'ebook sent to ereader device')
  }

  private async send(
    settings: StoredEmailSettings,
    mail: { to: string; subject: string; text: string; attachments?: Parameters<SendMail>[1]['attachments'] },
  ): Promise<void> {
    if (!settings.host) throw badRequest('SMTP host is not set')
    const server: SmtpServer = {
      host: settings.host,
      port: settings.port,
      secure: settings.secure,
      rejectUnauthorized: settings.rejectUnauthorized,
      user: settings.user,
      pass: settings.pass,
    }
    const from =
      settings.fromAddress ?? (settings.user && isValidEmailAddress(settings.user) ? settings.user : null)
    if (!from) throw badRequest('From address is not set')
    try {
      await this.deps.sendMail(server, { from, ...mail })
    } catch (err) {
      // The SMTP server's refusal is the admin's to fix, never a server fault: a 400 with its words.
      if (err instanceof MailSendError) {
        this.deps.log.info({ code: err.code, msg: err.message }, 'mail not sent')
        throw badRequest(err.message)
      }
      throw err
    }
  }

  private async saveDevices(devices: EreaderDevice[]) {
    const current = await this.deps.store.get()
    await this.deps.store.set({ ...current, ereaderDevices: devices })
    this.announceDevices(devices)
  }

  /** Every online user hears of the change with the devices they may use (admins all of them). */
  private announceDevices(devices: readonly EreaderDevice[]) {
    for (const user of this.deps.realtime.onlineUsersWhere(() => true)) {
      const ereaderDevices = isAdminOrUp(user.type)
        ? [...devices]
        : devices.filter((d) => mayUseEreaderDevice(user, d))
      this.deps.realtime.toUser(user.id, 'ereader-devices-updated', { ereaderDevices })
    }
  }
}

function masked(settings: StoredEmailSettings): EmailSettings {
  return { id: SETTINGS_ID, ...settings, pass: settings.pass ? SMTP_PASSWORD_MASK : null }
}

function validDevice(input: EreaderDeviceInput): EreaderDevice {
  const parsed = EreaderDeviceInput.parse(input)
  const name = parsed.name.trim()
  const email = parsed.email.trim()
  if (!name || !email) throw badRequest(messages.ereaderNameAndEmailRequired)
  if (!isValidEmailAddress(email)) throw badRequest(messages.invalidEmailAddress)
  return {
    name,
    email,
    availabilityOption: parsed.availabilityOption,
    users: parsed.availabilityOption === 'specificUsers' ? [...new Set(parsed.users)] : [],
  }
}

function assertUniqueNames(devices: readonly EreaderDevice[]) {
  const seen = new Set<string>()
  for (const d of devices) {
    const key = d.name.toLowerCase()
    if (seen.has(key)) throw badRequest(messages.ereaderDuplicateName)
    seen.add(key)
  }
}
