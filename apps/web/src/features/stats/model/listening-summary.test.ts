import type { ListeningStats } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import { listeningSummary } from './listening-summary.ts'

describe('listeningSummary', () => {
  it('counts items, days and minutes, and lays out the last seven days ending today', () => {
    const stats: ListeningStats = {
      totalTime: 5400,
      items: {
        a: { id: 'a', timeListening: 3600, mediaMetadata: { title: 'a' }, lastUpdate: 0 },
        b: { id: 'b', timeListening: 1800, mediaMetadata: { title: 'b' }, lastUpdate: 0 },
      },
      days: { '2026-11-21': 1200, '2026-11-19': 3000, '2026-11-01': 1200, '2026-10-30': 0 },
      dayOfWeek: {},
      today: 1200,
      recentSessions: [],
    }
    const s = listeningSummary(stats, new Date(2026, 10, 21, 15, 0))
    expect(s).toMatchObject({
      itemsListened: 2,
      daysListened: 3,
      totalMinutes: 90,
      todayMinutes: 20,
      maxMinutes: 50,
    })
    expect(s.lastSevenDays.map((d) => [d.date, d.minutes])).toEqual([
      ['2026-11-15', 0],
      ['2026-11-16', 0],
      ['2026-11-17', 0],
      ['2026-11-18', 0],
      ['2026-11-19', 50],
      ['2026-11-20', 0],
      ['2026-11-21', 20],
    ])
  })
})
