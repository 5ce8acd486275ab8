import { lazy, type ComponentType, type LazyExoticComponent } from 'react'
import { loadRemainingStrings } from './i18n/app-i18n.ts'

/** A component whose code is fetched the first time it renders, or earlier when asked to (`preload`). */
export interface LazyComponent<P extends object> {
  Component: LazyExoticComponent<ComponentType<P>>
  /** Starts fetching the component's chunk; repeated calls share the one request. */
  preload: () => Promise<unknown>
}

/**
 * Wraps a named export of a dynamically imported module in React.lazy. The import runs at most once: a
 * hover's prefetch and the render that follows wait on the same promise. A failed fetch (a deploy replaced
 * the chunk, the network dropped) is forgotten, so the next attempt fetches again instead of failing forever.
 * It also waits for the en-us strings the first load left out, so the component never renders a raw key.
 */
export function lazyComponent<M, K extends keyof M>(
  load: () => Promise<M>,
  name: K,
): LazyComponent<M[K] extends ComponentType<infer P> ? P & object : never> {
  type P = M[K] extends ComponentType<infer Props> ? Props & object : never
  let loading: Promise<M> | null = null
  const preload = (): Promise<M> => {
    loading ??= Promise.all([load(), loadRemainingStrings()])
      .then(([module]) => module)
      .catch((error: unknown) => {
        loading = null
        throw error
      })
    return loading
  }
  const Component = lazy(async () => ({ default: (await preload())[name] as ComponentType<P> }))
  return { Component, preload }
}
