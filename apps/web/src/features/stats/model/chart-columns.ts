import { formatTimeUnit } from '@/lib/format.ts'
import type { Column } from '../components/charts/ColumnChart.tsx'
import type { DayBar } from './listening-summary.ts'

/** The last seven days as chart columns: a short weekday under each, the full date in the figures table. */
export function dayColumns(days: DayBar[], locale: string): Column[] {
  const short = new Intl.DateTimeFormat(locale, { weekday: 'short' })
  const long = new Intl.DateTimeFormat(locale, { weekday: 'long', day: 'numeric', month: 'long' })
  return days.map((day) => {
    const date = new Date(`${day.date}T12:00:00`)
    return {
      key: day.date,
      label: short.format(date),
      longLabel: long.format(date),
      value: day.minutes,
      valueText: formatTimeUnit(day.minutes, 'minute', 'long', locale),
    }
  })
}

/** Twelve months of listening (seconds each, January first) as columns of minutes. */
export function monthColumns(monthlySeconds: number[], year: number, locale: string): Column[] {
  const short = new Intl.DateTimeFormat(locale, { month: 'short' })
  const long = new Intl.DateTimeFormat(locale, { month: 'long' })
  return monthlySeconds.map((seconds, month) => {
    const date = new Date(year, month, 15)
    const minutes = Math.round(seconds / 60)
    return {
      key: String(month),
      label: short.format(date),
      longLabel: long.format(date),
      value: minutes,
      valueText: formatTimeUnit(minutes, 'minute', 'long', locale),
    }
  })
}
