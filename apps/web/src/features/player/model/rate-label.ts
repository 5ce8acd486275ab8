import { dateLocale } from '@/lib/format.ts'

/**
 * Rate label: two decimals with a 0.05 step, else one (1 → "1.0"; "1,0" in German). Apart from player-rules.ts
 * so that only the speed control, loaded with the player, carries it.
 */
export function formatRate(rate: number, step: number, locale: string = dateLocale()): string {
  const digits = step < 0.1 ? 2 : 1
  return new Intl.NumberFormat(locale, {
    minimumFractionDigits: digits,
    maximumFractionDigits: digits,
  }).format(rate)
}
