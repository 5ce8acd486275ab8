import { afterEach, describe, expect, it, vi } from 'vitest'
import { toast, useToastStore } from './toast-store.ts'

afterEach(() => vi.useRealTimers())

describe('toasts', () => {
  it('close themselves after their timeout; persistent ones stay', () => {
    vi.useFakeTimers()
    toast.success('saved', { timeoutMs: 5000 })
    toast.error('broken', { timeoutMs: null })
    vi.advanceTimersByTime(4999)
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['saved', 'broken'])
    vi.advanceTimersByTime(1)
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual(['broken'])
    vi.advanceTimersByTime(60_000)
    expect(useToastStore.getState().toasts).toHaveLength(1)
  })

  it('replace a toast with the same id in place, with its new timeout', () => {
    vi.useFakeTimers()
    toast.error('Socket disconnected', { id: 'socket', timeoutMs: null })
    toast.info('other')
    toast.success('Socket connected', { id: 'socket', timeoutMs: 5000 })
    expect(useToastStore.getState().toasts.map((t) => [t.kind, t.message])).toEqual([
      ['success', 'Socket connected'],
      ['info', 'other'],
    ])
    vi.advanceTimersByTime(5000)
    expect(useToastStore.getState().toasts.map((t) => t.message)).toEqual([])
  })

  it('close on demand', () => {
    const id = toast.warning('careful', { timeoutMs: null })
    toast.dismiss(id)
    expect(useToastStore.getState().toasts).toEqual([])
  })

  it('call their onClose once when closed by hand or by their timeout', () => {
    vi.useFakeTimers()
    const closed: string[] = []
    const id = toast.info('by hand', { timeoutMs: null, onClose: () => closed.push('hand') })
    toast.info('timed', { timeoutMs: 1000, position: 'top', onClose: () => closed.push('timeout') })
    expect(useToastStore.getState().toasts.find((t) => t.message === 'timed')?.position).toBe('top')
    toast.dismiss(id)
    toast.dismiss(id)
    vi.advanceTimersByTime(1000)
    expect(closed).toEqual(['hand', 'timeout'])
  })
})
