import { socketEvents } from '@/lib/socket/index.ts'
import { toast } from '@/lib/toast-store.ts'

const POLL_MS = 300
/** How long to wait for the old server to go away before looking for the new one. */
const GO_AWAY_MS = 5_000
const GIVE_UP_MS = 120_000

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms))

async function answers(pingUrl: string): Promise<boolean> {
  try {
    return (await fetch(pingUrl, { cache: 'no-store' })).ok
  } catch {
    return false
  }
}

/**
 * After a restore the server restarts onto the backup: wait until the old one stops answering (or a few
 * seconds pass), then until the new one answers, then reload so nothing from the old database stays on screen.
 */
export async function reloadWhenServerIsBack(
  pingUrl: string,
  reload: () => void = () => window.location.reload(),
  wait: (ms: number) => Promise<unknown> = sleep,
) {
  let waited = 0
  while (waited < GO_AWAY_MS && (await answers(pingUrl))) {
    await wait(POLL_MS)
    waited += POLL_MS
  }
  while (waited < GIVE_UP_MS && !(await answers(pingUrl))) {
    await wait(POLL_MS)
    waited += POLL_MS
  }
  reload()
}

/** backup_applied reloads every client (spec §4); admin_message shows the server's word as a toast (§7). */
export function registerBackupSocketHandlers(pingUrl: string): () => void {
  let reloading = false
  const offs = [
    socketEvents.register('backup_applied', () => {
      if (reloading) return
      reloading = true
      void reloadWhenServerIsBack(pingUrl)
    }),
    socketEvents.register('admin_message', (_context, message: string) => {
      if (typeof message === 'string' && message) toast.info(message)
    }),
  ]
  return () => offs.forEach((off) => off())
}
