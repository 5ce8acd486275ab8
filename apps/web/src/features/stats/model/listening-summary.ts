import type { ListeningStats } from '@shelfcast/contracts'

export interface DayBar {
  /** YYYY-MM-DD in the browser's time zone (the server keys days by its own local day, usually the same). */
  date: string
  minutes: number
}

export interface ListeningSummary {
  itemsListened: number
  daysListened: number
  totalMinutes: number
  todayMinutes: number
  /** The last seven days, oldest first, today last. */
  lastSevenDays: DayBar[]
  /** The biggest day of the seven (for the chart's scale; at least 1). */
  maxMinutes: number
}

const pad = (n: number) => String(n).padStart(2, '0')
const dayKey = (d: Date) => `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`

/** The figures of the stats page from GET /api/me/listening-stats (times in seconds there, minutes here). */
export function listeningSummary(stats: ListeningStats, now: Date): ListeningSummary {
  const lastSevenDays = Array.from({ length: 7 }, (_, i) => {
    const d = new Date(now.getFullYear(), now.getMonth(), now.getDate() - (6 - i))
    const date = dayKey(d)
    return { date, minutes: Math.round((stats.days[date] ?? 0) / 60) }
  })
  return {
    itemsListened: Object.keys(stats.items).length,
    daysListened: Object.values(stats.days).filter((seconds) => seconds > 0).length,
    totalMinutes: Math.round(stats.totalTime / 60),
    todayMinutes: Math.round(stats.today / 60),
    lastSevenDays,
    maxMinutes: Math.max(1, ...lastSevenDays.map((d) => d.minutes)),
  }
}
