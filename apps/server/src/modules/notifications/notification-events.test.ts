import { readFileSync } from 'node:fs'
import { describe, expect, it } from 'vitest'
import { notificationEvents } from './notification-events.ts'

const english = JSON.parse(
  readFileSync(new URL('../../../../web/src/locales/en-us.json', import.meta.url), 'utf8'),
) as Record<string, string>

describe('notification events', () => {
  it('keep their default templates in en-us too, where the web client finds them in every language', () => {
    for (const event of notificationEvents('1.0.0')) {
      const base = `NotificationDefault${event.name.charAt(0).toUpperCase()}${event.name.slice(1)}`
      expect([english[`${base}Title`], english[`${base}Body`]], event.name).toEqual([
        event.defaults.title,
        event.defaults.body,
      ])
    }
  })
})
