import { describe, expect, it, vi } from 'vitest'
import { ProgressSync, type SyncBody } from './progress-sync.ts'

function setup(fail = false) {
  const syncs: SyncBody[] = []
  const closes: (SyncBody | undefined)[] = []
  const onSyncFailing = vi.fn()
  const onSyncRecovered = vi.fn()
  const transport = {
    sync: vi.fn(async (_id: string, body: SyncBody, timeoutMs: number) => {
      expect(timeoutMs).toBe(9000)
      if (fail) throw new Error('offline')
      syncs.push(body)
    }),
    close: vi.fn(async (_id: string, body: SyncBody | undefined) => {
      closes.push(body)
    }),
  }
  const sync = new ProgressSync({ transport, onSyncFailing, onSyncRecovered })
  sync.start('s1', 0)
  return { sync, syncs, closes, transport, onSyncFailing, onSyncRecovered }
}

describe('ProgressSync', () => {
  it('first sync after 20 s listened, then every 10 s', async () => {
    const { sync, syncs } = setup()
    for (let t = 1; t <= 19; t++) await sync.tick(t, 100)
    expect(syncs).toHaveLength(0)
    await sync.tick(20, 100)
    expect(syncs).toEqual([{ currentTime: 20, timeListened: 20, duration: 100 }])
    for (let t = 21; t <= 30; t++) await sync.tick(t, 100)
    expect(syncs).toHaveLength(2)
    expect(syncs[1]).toEqual({ currentTime: 30, timeListened: 10, duration: 100 })
  })

  it('skips a sync when the position moved less than 1 s', async () => {
    const { sync, syncs } = setup()
    for (let t = 1; t <= 20; t++) await sync.tick(0.5, 100)
    expect(syncs).toHaveLength(0)
  })

  it('a persistent toast after 4 failures in a row', async () => {
    vi.spyOn(console, 'error').mockImplementation(() => {})
    const { sync, onSyncFailing } = setup(true)
    await sync.sync(5, 100)
    await sync.sync(6, 100)
    await sync.sync(7, 100)
    expect(onSyncFailing).not.toHaveBeenCalled()
    await sync.sync(8, 100)
    expect(onSyncFailing).toHaveBeenCalledTimes(1)
  })

  it('close carries listening data only above 20 s', async () => {
    const short = setup()
    for (let t = 1; t <= 5; t++) await short.sync.tick(t, 100)
    await short.sync.close(5, 100)
    expect(short.closes).toEqual([undefined])

    vi.spyOn(console, 'error').mockImplementation(() => {})
    const long = setup(true)
    for (let t = 1; t <= 25; t++) await long.sync.tick(t, 100)
    await long.sync.close(25, 100)
    expect(long.closes[0]).toMatchObject({ currentTime: 25, timeListened: 25 })
  })
})
