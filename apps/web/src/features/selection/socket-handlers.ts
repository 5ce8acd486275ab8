import { i18n } from '@/lib/i18n/index.ts'
import { socketEvents } from '@/lib/socket/index.ts'
import { toast } from '@/lib/toast-store.ts'

/** Payload of `batch_quickmatch_complete` (spec §3: success, updates, unmatched). */
export interface BatchQuickMatchOutcome {
  success: boolean
  updates: number
  unmatched: number
}

/** Spec §7: "Batch quick match complete! {n} Updated", plus "{n} with no matches" when some found none. */
export function quickMatchCompleteText(
  outcome: BatchQuickMatchOutcome,
  t: (key: string, values: { count: number }) => string,
): string {
  const updated = t('ToastBatchQuickMatchComplete', { count: outcome.updates })
  return outcome.unmatched > 0
    ? `${updated} ${t('ToastBatchQuickMatchUnmatched', { count: outcome.unmatched })}`
    : updated
}

/** The quick match started from the selection bar reports back by socket, to the admin who started it. */
export function registerSelectionSocketHandlers(): () => void {
  return socketEvents.register('batch_quickmatch_complete', (_context, payload: BatchQuickMatchOutcome) => {
    if (!payload) return
    if (!payload.success) {
      toast.error(i18n.t('ToastBatchQuickMatchFailed'))
      return
    }
    const text = quickMatchCompleteText(payload, (key, values) => i18n.t(key, values))
    // Success when something changed, else an info (spec §7: success or info).
    if (payload.updates > 0) toast.success(text)
    else toast.info(text)
  })
}
