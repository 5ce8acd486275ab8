import { useCallback, useEffect, useLayoutEffect, useRef, useState, useSyncExternalStore } from 'react'
import type * as RadixModule from './radix-primitives.ts'

/**
 * The Radix primitives arrive after the first paint, not with it: widgets render a light, static form of
 * their trigger (same markup, classes and name) until `useRadix()` has them, then their Radix form.
 * The chunk is requested when the browser is idle after the first render of a widget, and at once on the
 * first pointerdown, focus or keydown anywhere.
 */
export type RadixPrimitives = typeof RadixModule

let loading: Promise<RadixPrimitives> | undefined
/** What widgets render with; set only while no pointer is pressed (see `publish`). */
let published: RadixPrimitives | undefined
/** The element that had focus just before the widgets switched to their Radix form. */
let focusedAtSwitch: Element | null = null
const listeners = new Set<() => void>()

/** Starts loading the Radix chunk (once; again after a failed attempt). */
export function loadRadix(): Promise<RadixPrimitives> {
  loading ??= import('./radix-primitives.ts').then(
    (primitives) => {
      publish(primitives)
      return primitives
    },
    (error: unknown) => {
      // A network hiccup: the next interaction tries again; the static triggers stay usable meanwhile.
      loading = undefined
      throw error
    },
  )
  return loading
}

let pointerPressed = false
let waiting: RadixPrimitives | undefined

/**
 * Switching a trigger to its Radix form replaces its element; during a press that would lose the click that
 * ends it, so the switch waits until the press (and its click) is over.
 */
function publish(primitives: RadixPrimitives) {
  if (published) return
  if (pointerPressed) {
    waiting = primitives
    return
  }
  focusedAtSwitch = typeof document === 'undefined' ? null : document.activeElement
  published = primitives
  for (const listener of listeners) listener()
}

/** Starts loading without waiting (a failure is retried on the next request). */
export function requestRadix(): void {
  loadRadix().catch(() => {})
}
const startLoading = requestRadix

if (typeof window !== 'undefined') {
  const options = { capture: true, passive: true }
  for (const type of ['pointerdown', 'focusin', 'keydown'] as const) {
    window.addEventListener(type, startLoading, { ...options, once: true })
  }
  window.addEventListener('pointerdown', () => (pointerPressed = true), options)
  const pressEnded = () => {
    pointerPressed = false
    // After the click that follows pointerup has been dispatched.
    setTimeout(() => {
      if (waiting && !pointerPressed) publish(waiting)
    })
  }
  window.addEventListener('pointerup', pressEnded, options)
  window.addEventListener('pointercancel', pressEnded, options)
}

let idleScheduled = false
function loadWhenIdle() {
  if (idleScheduled || published) return
  idleScheduled = true
  if (typeof requestIdleCallback === 'function') requestIdleCallback(startLoading, { timeout: 2000 })
  else setTimeout(startLoading, 200)
}

const subscribe = (listener: () => void) => {
  listeners.add(listener)
  return () => listeners.delete(listener)
}
const snapshot = () => published

/** The Radix primitives once they have arrived; until then undefined (render the static form). */
export function useRadix(): RadixPrimitives | undefined {
  const primitives = useSyncExternalStore(subscribe, snapshot, snapshot)
  useEffect(loadWhenIdle, [])
  return primitives
}

/** For a dialog, which has no trigger of its own: opened before the code is there, it loads it at once. */
export function useRadixWhenOpen(open: boolean): RadixPrimitives | undefined {
  const radix = useRadix()
  useEffect(() => {
    if (open && !radix) requestRadix()
  }, [open, radix])
  return radix
}

/**
 * For a widget whose trigger is replaced when the Radix form arrives: `staticRef` goes on the static trigger,
 * `radixRef` on the Radix one, and focus moves from the first to the second if the first had it.
 */
export function useTriggerSwitch<T extends HTMLElement = HTMLButtonElement>(
  radix: RadixPrimitives | undefined,
) {
  const lastStatic = useRef<T | null>(null)
  const radixRef = useRef<T | null>(null)
  const staticRef = useCallback((element: T | null) => {
    if (element) lastStatic.current = element
  }, [])
  useLayoutEffect(() => {
    const before = lastStatic.current
    if (!radix || !before || focusedAtSwitch !== before || before.isConnected) return
    const active = document.activeElement
    if (!active || active === document.body) radixRef.current?.focus()
  }, [radix])
  return { staticRef, radixRef }
}

/**
 * A press on a static trigger asks for the widget to open: it opens as soon as the Radix form renders
 * (`openRequested` becomes its initial state), so the press is never lost.
 */
export function useOpenRequest(onOpen?: () => void) {
  const [openRequested, setOpenRequested] = useState(false)
  const requestOpen = useCallback(() => {
    startLoading()
    setOpenRequested(true)
    onOpen?.()
  }, [onOpen])
  return { openRequested, requestOpen }
}

/** Keys that open a menu or a select from its trigger (as Radix does): the static trigger answers them too. */
export function isOpeningKey(key: string): boolean {
  return key === 'Enter' || key === ' ' || key === 'ArrowDown' || key === 'ArrowUp'
}
