import type { ServerResponse } from 'node:http'

/**
 * Responses still streaming a share's audio or download, per share id: deleting a share (or its expiry)
 * destroys them, so a stream already open stops at once instead of playing on.
 */
export class OpenStreams {
  private readonly byShare = new Map<string, Set<ServerResponse>>()
  /** Shares already cut (ids are never reused): a request that found one live just before is cut on arrival. */
  private readonly gone = new Set<string>()

  /** Keeps `res` until it closes; false (nothing kept) when the share was cut meanwhile. */
  add(shareId: string, res: ServerResponse): boolean {
    if (this.gone.has(shareId)) return false
    let set = this.byShare.get(shareId)
    if (!set) {
      set = new Set()
      this.byShare.set(shareId, set)
    }
    set.add(res)
    res.once('close', () => {
      set.delete(res)
      if (set.size === 0 && this.byShare.get(shareId) === set) this.byShare.delete(shareId)
    })
    return true
  }

  /** Destroys every open response of the share (their sockets close mid-body). */
  cut(shareId: string): void {
    this.gone.add(shareId)
    const set = this.byShare.get(shareId)
    if (!set) return
    this.byShare.delete(shareId)
    for (const res of set) res.destroy()
  }

  count(shareId: string): number {
    return this.byShare.get(shareId)?.size ?? 0
  }
}
