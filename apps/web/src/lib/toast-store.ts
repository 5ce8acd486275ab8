import { create } from 'zustand'

export type ToastKind = 'success' | 'info' | 'warning' | 'error'

export interface Toast {
  id: string
  kind: ToastKind
  message: string
  /** Milliseconds until it closes itself; null keeps it until closed. */
  timeoutMs: number | null
  /** Where it shows: the bottom stack (default) or the top of the screen (spec §8's update notice). */
  position: 'bottom' | 'top'
}

export interface ToastOptions {
  /** Reuse an id to replace a toast in place (e.g. the one socket-connection toast). */
  id?: string
  timeoutMs?: number | null
  position?: 'bottom' | 'top'
  /** Called once when it closes, by its close button or its timeout (not when replaced or cleared). */
  onClose?: () => void
}

const defaultTimeoutMs = 5000

interface ToastState {
  toasts: Toast[]
  show: (kind: ToastKind, message: string, options?: ToastOptions) => string
  dismiss: (id: string) => void
  clear: () => void
}

let nextId = 0
const timers = new Map<string, ReturnType<typeof setTimeout>>()
const closeCallbacks = new Map<string, () => void>()

export const useToastStore = create<ToastState>()((set, get) => ({
  toasts: [],
  show: (kind, message, options = {}) => {
    const id = options.id ?? `toast-${++nextId}`
    const timeoutMs = options.timeoutMs === undefined ? defaultTimeoutMs : options.timeoutMs
    const toast: Toast = { id, kind, message, timeoutMs, position: options.position ?? 'bottom' }
    if (options.onClose) closeCallbacks.set(id, options.onClose)
    else closeCallbacks.delete(id)
    set((state) => {
      const index = state.toasts.findIndex((t) => t.id === id)
      if (index === -1) return { toasts: [...state.toasts, toast] }
      const toasts = state.toasts.slice()
      toasts[index] = toast
      return { toasts }
    })
    clearTimeout(timers.get(id))
    timers.delete(id)
    if (timeoutMs !== null)
      timers.set(
        id,
        setTimeout(() => get().dismiss(id), timeoutMs),
      )
    return id
  },
  dismiss: (id) => {
    clearTimeout(timers.get(id))
    timers.delete(id)
    const onClose = closeCallbacks.get(id)
    closeCallbacks.delete(id)
    onClose?.()
    set((state) => ({ toasts: state.toasts.filter((t) => t.id !== id) }))
  },
  clear: () => {
    for (const timer of timers.values()) clearTimeout(timer)
    timers.clear()
    closeCallbacks.clear()
    set({ toasts: [] })
  },
}))

/** Imperative toasts for code outside React (api errors, socket, callbacks). */
export const toast = {
  success: (message: string, options?: ToastOptions) =>
    useToastStore.getState().show('success', message, options),
  info: (message: string, options?: ToastOptions) => useToastStore.getState().show('info', message, options),
  warning: (message: string, options?: ToastOptions) =>
    useToastStore.getState().show('warning', message, options),
  error: (message: string, options?: ToastOptions) =>
    useToastStore.getState().show('error', message, options),
  dismiss: (id: string) => useToastStore.getState().dismiss(id),
}
