import type { NotificationVariables } from './notification-events.ts'

const placeholder = /\{\{\s*([A-Za-z_][\w.]*)\s*\}\}/g

/**
 * Fills `{{name}}` placeholders with the event's values. Plain substitution only (no code, no helpers); a name
 * the event lacks renders empty, so a typo shows as a gap rather than failing the send.
 */
export function renderTemplate(template: string, variables: NotificationVariables): string {
  return template.replace(placeholder, (_match, name: string) => {
    if (!Object.hasOwn(variables, name)) return ''
    const value = variables[name]
    return value === null || value === undefined ? '' : String(value)
  })
}
