import { readdirSync, readFileSync } from 'node:fs'
import { join } from 'node:path'
import { fileURLToPath } from 'node:url'
import { describe, expect, it } from 'vitest'
import { keyOfMessage, messageKeyHeaderValue } from './message-key.ts'

const srcRoot = fileURLToPath(new URL('..', import.meta.url))

function sourceFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name)
    if (entry.isDirectory()) return sourceFiles(path)
    return entry.name.endsWith('.ts') && !entry.name.includes('.test.') ? [path] : []
  })
}

/** The messages call sites write in place: `badRequest('...')`, `notFound(\`... ${x}\`)`, `new HttpError(409, '...')`. */
function writtenMessages(): { file: string; sample: string }[] {
  const call =
    /(?:\b(?:badRequest|notFound|forbidden|conflict|unauthorized)\(|new HttpError\(\s*\d+\s*,)\s*(['`])((?:(?!\1)[^\\]|\\.)*)\1/g
  return sourceFiles(srcRoot).flatMap((file) =>
    [...readFileSync(file, 'utf8').matchAll(call)].map((m) => ({
      file: file.slice(srcRoot.length),
      // A substitution stands for a value a user could give: a word, a path, a number.
      sample: m[2]!.replace(/\$\{[^}]*\}/g, 'Some value 42'),
    })),
  )
}

describe('keyOfMessage', () => {
  it('finds the key of a fixed text and of a text with substitutions', () => {
    expect(keyOfMessage('Item not found')).toEqual({ key: 'ErrorItemNotFound' })
    expect(keyOfMessage('Another series is already named "Dune"')).toEqual({
      key: 'ErrorSeriesNameTaken',
      subs: { name: 'Dune' },
    })
    expect(keyOfMessage('Failed to restore backup: bad zip')).toEqual({
      key: 'ErrorBackupFailedBecause',
      subs: { failure: 'Failed to restore backup', reason: 'bad zip' },
    })
    expect(keyOfMessage('Something nobody wrote')).toBeNull()
  })

  it('knows every message the server writes in place, so each reaches a user in their language', () => {
    const messages = writtenMessages()
    expect(messages.length).toBeGreaterThan(150) // the scan found the call sites
    const unknown = messages
      .filter((m) => keyOfMessage(m.sample) === null)
      .map((m) => `${m.file}: ${m.sample}`)
    expect(unknown).toEqual([])
  })

  it('encodes the header value as ASCII', () => {
    const value = messageKeyHeaderValue({ key: 'ErrorSeriesNameTaken', subs: { name: 'Ærø «Dune»' } })
    expect(value).toMatch(/^[\x21-\x7e]+$/)
    expect(JSON.parse(decodeURIComponent(value))).toEqual({
      key: 'ErrorSeriesNameTaken',
      subs: { name: 'Ærø «Dune»' },
    })
  })
})

describe('task texts', () => {
  it('name locale keys en-us has', () => {
    const english = JSON.parse(
      readFileSync(new URL('../../../web/src/locales/en-us.json', import.meta.url), 'utf8'),
    ) as Record<string, string>
    const named = sourceFiles(srcRoot).flatMap((file) =>
      [...readFileSync(file, 'utf8').matchAll(/(?:titleKey|descriptionKey|errorKey)\??:\s*'(\w+)'/g)].map(
        (m) => m[1]!,
      ),
    )
    expect(named.length).toBeGreaterThan(10)
    expect(named.filter((key) => !(key in english))).toEqual([])
  })
})
