import { afterEach, describe, expect, it } from 'vitest'
import { hasDateFnsLocale, loadDateFnsLocale } from './date-fns-locales.ts'
import { dateFnsLocale, dateLocale, setDateLocale } from './date-locale.ts'
import { allLanguages, defaultLanguageCode } from './languages.ts'

afterEach(async () => {
  await setDateLocale(defaultLanguageCode)
})

describe('date locale', () => {
  it('has a date-fns locale for every language but en-us', async () => {
    for (const language of allLanguages) {
      expect(hasDateFnsLocale(language.dateFnsLocale), language.code).toBe(
        language.code !== defaultLanguageCode,
      )
    }
    const chinese = await loadDateFnsLocale('zhCN')
    expect(chinese?.code).toBe('zh-CN')
    expect(await loadDateFnsLocale('enUS')).toBeNull()
  })

  it('loads the language’s date-fns locale before it resolves, and drops it for en-us', async () => {
    await setDateLocale('de')
    expect(dateLocale()).toBe('de-DE')
    expect(dateFnsLocale()?.code).toBe('de')
    await setDateLocale('pt-br')
    expect(dateLocale()).toBe('pt-BR')
    expect(dateFnsLocale()?.code).toBe('pt-BR')
    await setDateLocale('en-us')
    expect(dateLocale()).toBe('en-US')
    expect(dateFnsLocale()).toBeNull()
  })

  it('ignores an unknown code', async () => {
    await setDateLocale('fr')
    await setDateLocale('xx')
    expect(dateLocale()).toBe('fr-FR')
  })
})
