import type { ServerSettings, UpdateServerSettingsRequest } from '@shelfcast/contracts'

/** Only the settings that differ from the server's are sent (spec §7: PATCH carries changed settings). */
export function changedSettings(
  current: ServerSettings,
  draft: UpdateServerSettingsRequest,
): UpdateServerSettingsRequest {
  const changes: Record<string, unknown> = {}
  for (const [key, value] of Object.entries(draft)) {
    if (value === undefined) continue
    if (JSON.stringify(current[key as keyof ServerSettings]) !== JSON.stringify(value)) changes[key] = value
  }
  return changes as UpdateServerSettingsRequest
}
