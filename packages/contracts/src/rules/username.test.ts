import { describe, expect, it } from 'vitest'
import { normalizeUsername, Username, usernameKey, usernameProblem } from './username.ts'

describe('the username rule', () => {
  it('gives look-alike forms one key', () => {
    expect(usernameKey('Jose\u0301')).toBe(usernameKey('Jos\u00e9'))
    expect(usernameKey('\uff52\uff4f\uff4f\uff54')).toBe('root')
    expect(usernameKey('\u00c9LODIE')).toBe(usernameKey('\u00e9lodie'))
    expect(usernameKey('STRASSE')).toBe(usernameKey('stra\u00dfe'))
    expect(usernameKey('\u039f\u0394\u03a5\u03a3\u03a3\u0395\u03a5\u03a3')).toBe(
      usernameKey('\u03bf\u03b4\u03c5\u03c3\u03c3\u03b5\u03c5\u03c2'),
    )
  })

  it('stores NFKC with single inner spaces', () => {
    expect(normalizeUsername('  \uff41\u3000b\u00a0 c ')).toBe('a b c')
  })

  it.each([
    ['ro\u200bot', 'invisible'],
    ['\u2066root', 'invisible'],
    ['ro\u00adot', 'invisible'],
    ['root\ufeff', 'invisible'],
    ['a\u2800b', 'invisible'],
    ['r\u043e\u043et', 'mixedScripts'],
    ['p\u0430ypal', 'mixedScripts'],
    ['\u0391lice', 'mixedScripts'],
    ['', 'empty'],
    ['x'.repeat(101), 'tooLong'],
  ])('%j: %s', (name, problem) => {
    expect(usernameProblem(name)).toBe(problem)
  })

  it('accepts one alphabet with digits and punctuation, and CJK scripts together', () => {
    for (const name of [
      'anna.b-2',
      '\u0411\u043e\u0440\u0438\u0441 7',
      '\u5c71\u7530\u3055\u3093',
      'Jos\u00e9',
    ]) {
      expect(usernameProblem(name), name).toBeNull()
    }
    expect(Username.parse('\uff22\uff4f\uff42')).toBe('Bob')
  })
})
