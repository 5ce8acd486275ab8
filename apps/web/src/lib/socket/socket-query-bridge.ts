import type { ServerToClientEvents } from '@shelfcast/contracts'
import type { QueryClient } from '@tanstack/react-query'

export type ServerEventName = keyof ServerToClientEvents & string

export interface SocketEventContext {
  queryClient: QueryClient
}

export type SocketEventHandler<E extends ServerEventName> = (
  context: SocketEventContext,
  ...args: Parameters<ServerToClientEvents[E]>
) => void

type AnyHandler = (context: SocketEventContext, ...args: unknown[]) => void

/**
 * Where features plug server events into the query cache: each registers handlers for the events it
 * owns (e.g. libraries invalidate their queries on library_updated); the bridge dispatches every
 * socket event to them.
 */
export class SocketEventRegistry {
  private readonly handlers = new Map<string, Set<AnyHandler>>()

  register<E extends ServerEventName>(event: E, handler: SocketEventHandler<E>): () => void {
    let set = this.handlers.get(event)
    if (!set) {
      set = new Set()
      this.handlers.set(event, set)
    }
    const stored = handler as unknown as AnyHandler
    set.add(stored)
    return () => set.delete(stored)
  }

  dispatch(context: SocketEventContext, event: string, args: unknown[]): void {
    for (const handler of this.handlers.get(event) ?? []) {
      try {
        handler(context, ...args)
      } catch (error) {
        // One broken handler must not stop the others or the socket.
        console.error(`[socket] handler for ${event} failed`, error)
      }
    }
  }
}

export const socketEvents = new SocketEventRegistry()

export interface EventSource {
  onAnyEvent(listener: (event: string, ...args: unknown[]) => void): () => void
}

/** Connects a socket's events to the registry; returns the disconnect. */
export function bridgeSocketToQueryCache(
  source: EventSource,
  queryClient: QueryClient,
  registry: SocketEventRegistry = socketEvents,
): () => void {
  return source.onAnyEvent((event, ...args) => registry.dispatch({ queryClient }, event, args))
}
