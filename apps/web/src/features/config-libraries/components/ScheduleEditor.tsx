import { useId, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Checkbox, SelectField, Toggle } from '@/components/ui/index.ts'
import { dateLocale, useLanguage } from '@/lib/i18n/index.ts'
import {
  cronErrorKeys,
  cronPresets,
  parseTimeValue,
  scheduleToCron,
  timeValue,
  validateSchedule,
  weekdays,
  type Schedule,
  type Weekday,
} from '../model/cron.ts'

type Mode = 'time' | 'custom' | string

const modeOf = (schedule: Schedule): Mode =>
  schedule.kind === 'preset' ? schedule.expression : schedule.kind === 'custom' ? 'custom' : 'time'

export interface ScheduleLabelKeys {
  enabled: string
  enabledHelp: string
  interval: string
}

export interface ScheduleTestIds {
  enabled: string
  interval: string
  time: string
  cron: string
}

const libraryScanLabelKeys: ScheduleLabelKeys = {
  enabled: 'LabelAutoScanEnabled',
  enabledHelp: 'MessageAutoScanHelp',
  interval: 'LabelScanInterval',
}

const allDays: Weekday[] = [0, 1, 2, 3, 4, 5, 6]
const defaultSchedule: Schedule = { kind: 'daily', hour: 0, minute: 0 }

function weekdayName(day: Weekday, locale: string, style: 'long' | 'short'): string {
  // 2023-01-01 was a Sunday.
  return new Intl.DateTimeFormat(locale, { weekday: style, timeZone: 'UTC' }).format(
    Date.UTC(2023, 0, 1 + day),
  )
}

/**
 * The auto-scan schedule: off, one of the spec's preset intervals, a time of day on chosen weekdays
 * (every weekday ticked is daily), or a 5-field cron expression typed by hand.
 */
export function ScheduleEditor({
  schedule,
  onChange,
  error,
  labelKeys = libraryScanLabelKeys,
  testIds,
}: {
  schedule: Schedule | null
  onChange: (schedule: Schedule | null) => void
  error?: string
  /** The on/off switch, its help and the interval select (the library's auto scan by default). */
  labelKeys?: ScheduleLabelKeys
  /** Test ids of the switch, the interval select, the time input and the cron input. */
  testIds?: ScheduleTestIds
}) {
  const { t } = useTranslation()
  // Re-rendered when the language changes; weekday names follow it.
  useLanguage()
  const intlLocale = dateLocale()
  const customId = useId()
  const timeId = useId()
  // The typed expression stays as typed while this mode is on, even where it would parse as a preset.
  const [mode, setMode] = useState<Mode>(schedule ? modeOf(schedule) : cronPresets[0]!.expression)

  const chooseMode = (next: Mode) => {
    setMode(next)
    if (next === 'custom') onChange({ kind: 'custom', expression: schedule ? scheduleToCron(schedule) : '' })
    else if (next === 'time')
      onChange(schedule?.kind === 'daily' || schedule?.kind === 'weekly' ? schedule : defaultSchedule)
    else onChange({ kind: 'preset', expression: next })
  }

  const timed = schedule && (schedule.kind === 'daily' || schedule.kind === 'weekly') ? schedule : null
  const days: Weekday[] = timed ? (timed.kind === 'daily' ? allDays : timed.weekdays) : allDays
  const setTime = (hour: number, minute: number, nextDays: Weekday[]) =>
    onChange(
      nextDays.length === 7
        ? { kind: 'daily', hour, minute }
        : { kind: 'weekly', hour, minute, weekdays: [...nextDays].sort((a, b) => a - b) },
    )

  const problem = schedule ? validateSchedule(schedule) : null
  const shownError = error ?? (problem ? t(cronErrorKeys[problem]) : undefined)

  const describe = (): string | null => {
    if (!schedule || problem) return null
    if (schedule.kind === 'preset') {
      const preset = cronPresets.find((p) => p.expression === schedule.expression)
      return preset ? t(preset.labelKey) : null
    }
    if (schedule.kind === 'daily')
      return t('MessageScheduleDaily', { time: timeValue(schedule.hour, schedule.minute) })
    if (schedule.kind === 'weekly') {
      const names = new Intl.ListFormat(intlLocale, { type: 'conjunction' }).format(
        schedule.weekdays.map((d) => weekdayName(d, intlLocale, 'long')),
      )
      return t('MessageScheduleWeekly', { days: names, time: timeValue(schedule.hour, schedule.minute) })
    }
    return null
  }
  const description = describe()

  return (
    <div className="flex flex-col gap-5">
      <Toggle
        checked={schedule !== null}
        onChange={(on) => {
          if (!on) return onChange(null)
          const first = cronPresets[0]!.expression
          setMode(first)
          onChange({ kind: 'preset', expression: first })
        }}
        label={t(labelKeys.enabled)}
        description={t(labelKeys.enabledHelp)}
        testId={testIds?.enabled}
      />

      {schedule && (
        <div className="flex flex-col gap-4 rounded-xl border border-border bg-bg p-4">
          <SelectField
            label={t(labelKeys.interval)}
            data-testid={testIds?.interval}
            value={mode}
            onChange={(e) => chooseMode(e.target.value)}
            options={[
              ...cronPresets.map((p) => ({ value: p.expression, label: t(p.labelKey) })),
              { value: 'time', label: t('LabelIntervalCustomDailyWeekly') },
              { value: 'custom', label: t('LabelIntervalCustomExpression') },
            ]}
          />

          {mode === 'time' && (
            <>
              <div className="flex flex-col gap-1.5">
                <label htmlFor={timeId} className="text-sm font-medium">
                  {t('LabelTimeToRun')}
                </label>
                <input
                  id={timeId}
                  type="time"
                  data-testid={testIds?.time}
                  value={timed ? timeValue(timed.hour, timed.minute) : '00:00'}
                  onChange={(e) => {
                    const time = parseTimeValue(e.target.value)
                    if (time) setTime(time.hour, time.minute, days)
                  }}
                  className="h-10 w-36 rounded-lg border border-border bg-surface px-3 text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
                />
              </div>
              <fieldset>
                <legend className="mb-2 text-sm font-medium">{t('LabelWeekdaysToRun')}</legend>
                <div className="flex flex-wrap gap-x-4 gap-y-2">
                  {weekdays.map((day) => (
                    <Checkbox
                      key={day}
                      checked={days.includes(day)}
                      label={weekdayName(day, intlLocale, 'long')}
                      onChange={(on) =>
                        setTime(
                          timed?.hour ?? 0,
                          timed?.minute ?? 0,
                          on ? [...days, day] : days.filter((d) => d !== day),
                        )
                      }
                    />
                  ))}
                </div>
              </fieldset>
            </>
          )}

          {mode === 'custom' && (
            <div className="flex flex-col gap-1.5">
              <label htmlFor={customId} className="text-sm font-medium">
                {t('LabelCronExpression')}
              </label>
              <input
                id={customId}
                value={schedule.kind === 'custom' ? schedule.expression : scheduleToCron(schedule)}
                onChange={(e) => onChange({ kind: 'custom', expression: e.target.value })}
                spellCheck={false}
                data-testid={testIds?.cron}
                autoComplete="off"
                placeholder="0 3 * * 1"
                aria-invalid={shownError ? true : undefined}
                className="h-10 rounded-lg border border-border bg-surface px-3 font-mono text-sm outline-none focus:border-primary focus:ring-2 focus:ring-primary/30"
              />
              <p className="text-xs text-muted">{t('MessageCronHelp')}</p>
            </div>
          )}

          <div className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
            <span className="text-muted">{t('LabelCronExpression')}:</span>
            <code data-testid="cron-expression" className="rounded bg-surface-raised px-2 py-0.5 font-mono">
              {scheduleToCron(schedule) || '—'}
            </code>
            {description && <span className="text-muted">{description}</span>}
          </div>
          {shownError && (
            <p role="alert" className="text-sm text-error">
              {shownError}
            </p>
          )}
        </div>
      )}
    </div>
  )
}
