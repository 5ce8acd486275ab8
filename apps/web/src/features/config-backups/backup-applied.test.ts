import { afterEach, describe, expect, it, vi } from 'vitest'
import { reloadWhenServerIsBack } from './backup-applied.ts'

describe('reloadWhenServerIsBack', () => {
  afterEach(() => {
    vi.unstubAllGlobals()
  })

  it('reloads only after the old server went away and the new one answers', async () => {
    // up (old server), down twice (restarting), up (new server)
    const answers = [true, false, false, true]
    const seen: boolean[] = []
    vi.stubGlobal(
      'fetch',
      vi.fn(async () => {
        const up = answers.shift() ?? true
        seen.push(up)
        if (!up) throw new TypeError('connection refused')
        return new Response('pong')
      }),
    )
    const reload = vi.fn()
    await reloadWhenServerIsBack('/ping', reload, async () => undefined)
    expect(seen).toEqual([true, false, false, true])
    expect(reload).toHaveBeenCalledTimes(1)
  })
})
