import { describe, expect, it } from 'vitest'
import { feedServerAddress, feedSlugFor, isPlainHttp, optionalText } from './feed-form.ts'

describe('feed form rules', () => {
  it('builds the server address from the origin and base path, without a trailing slash', () => {
    expect(feedServerAddress('https://books.example', '')).toBe('https://books.example')
    expect(feedServerAddress('https://books.example', '/audio')).toBe('https://books.example/audio')
    expect(feedServerAddress('http://10.0.0.2:3333', '/audio/')).toBe('http://10.0.0.2:3333/audio')
  })

  it('warns for plain http only', () => {
    expect(isPlainHttp('http://10.0.0.2:3333')).toBe(true)
    expect(isPlainHttp('HTTP://host')).toBe(true)
    expect(isPlainHttp('https://books.example')).toBe(false)
  })

  it('sanitises the slug and says when it changed or is still refused', () => {
    expect(feedSlugFor('my-book_1')).toEqual({ slug: 'my-book_1', changed: false, problem: null })
    expect(feedSlugFor('Mön Book')).toEqual({ slug: 'mon-book', changed: true, problem: null })
    expect(feedSlugFor('../%2F')).toMatchObject({ slug: '2f', changed: true, problem: null })
    expect(feedSlugFor('!!!')).toMatchObject({ slug: '', changed: true })
    expect(feedSlugFor('!!!').problem).toBeTruthy()
    expect(feedSlugFor('').problem).toBeTruthy()
  })

  it('sends blank owner fields as null', () => {
    expect(optionalText('  ')).toBeNull()
    expect(optionalText(' Ann ')).toBe('Ann')
  })
})
