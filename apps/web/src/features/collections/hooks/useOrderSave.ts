import { useQueryClient, type QueryKey } from '@tanstack/react-query'
import { useEffect, useRef } from 'react'

/** Keyboard moves closer together than this are saved as one order. */
export const ORDER_SAVE_DELAY_MS = 400

interface Pending<T> {
  timer: ReturnType<typeof setTimeout> | null
  /** The list as the server last had it, for a rollback. */
  before: T | undefined
  keys: string[] | null
  /** Saves run one after the other, so the server ends with the last order. */
  chain: Promise<unknown>
}

/**
 * Reordering a list: each new order shows at once; it is saved right away (a drop) or once the moves stop
 * (a held arrow key sends one request, not one per step). A refused order puts the list back as the server
 * has it and `onFailure` runs (the toast). A pending order is saved when the page goes.
 */
export function useOrderSave<T>({
  key,
  apply,
  send,
  onFailure,
}: {
  key: QueryKey
  apply: (data: T, keys: string[]) => T
  send: (keys: string[]) => Promise<unknown>
  onFailure: (error: unknown) => void
}): (keys: string[], options?: { deferred?: boolean }) => void {
  const queryClient = useQueryClient()
  const pending = useRef<Pending<T>>({ timer: null, before: undefined, keys: null, chain: Promise.resolve() })
  // The latest callbacks for a save that runs after this render.
  const latest = useRef({ send, onFailure })
  useEffect(() => {
    latest.current = { send, onFailure }
  })

  const flush = () => {
    const p = pending.current
    if (p.timer) clearTimeout(p.timer)
    const { keys, before } = p
    p.timer = null
    p.keys = null
    p.before = undefined
    if (!keys) return
    p.chain = p.chain
      .then(() => latest.current.send(keys))
      .catch((error: unknown) => {
        if (before !== undefined) queryClient.setQueryData<T>(key, before)
        latest.current.onFailure(error)
      })
  }
  const flushRef = useRef(flush)
  useEffect(() => {
    flushRef.current = flush
  })
  useEffect(() => () => flushRef.current(), [])

  return (keys, options) => {
    const p = pending.current
    const current = queryClient.getQueryData<T>(key)
    if (current === undefined) return
    if (p.keys === null) p.before = current
    void queryClient.cancelQueries({ queryKey: key, exact: true })
    queryClient.setQueryData<T>(key, apply(current, keys))
    p.keys = keys
    if (p.timer) clearTimeout(p.timer)
    if (options?.deferred) p.timer = setTimeout(flush, ORDER_SAVE_DELAY_MS)
    else flush()
  }
}
