import { describe, expect, it } from 'vitest'
import { renderTemplate } from './render-template.ts'

describe('renderTemplate', () => {
  it('fills known variables, leaves unknown ones empty and runs no code', () => {
    expect(renderTemplate('New {{podcastTitle}} Episode!', { podcastTitle: 'Tech' })).toBe(
      'New Tech Episode!',
    )
    expect(renderTemplate('{{ a }}-{{missing}}-{{a}}', { a: 1 })).toBe('1--1')
    expect(renderTemplate('{{constructor}}{{__proto__}}{{toString}}', {})).toBe('')
    expect(renderTemplate('{{a + 1}} {{ process.exit() }}', { a: 1 })).toBe('{{a + 1}} {{ process.exit() }}')
    expect(renderTemplate('{{n}} {{b}}', { n: null, b: false })).toBe(' false')
  })
})
