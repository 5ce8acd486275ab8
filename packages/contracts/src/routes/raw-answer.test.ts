import { describe, expect, expectTypeOf, it } from 'vitest'
import { defineRoute, rawAnswer, type AnswerOf } from './route.ts'

const route = <A extends ReturnType<(typeof rawAnswer)[keyof typeof rawAnswer]>>(answer: A) =>
  defineRoute({ method: 'GET', path: '/api/x', tag: 'Test', summary: 'A raw answer', answer })

describe('raw answers', () => {
  it('keep their kind literal, so a client receives a text answer as a string (checked by tsc)', () => {
    const text = route(rawAnswer.text('An OPML file', 'text/x-opml'))
    const file = route(rawAnswer.bytes('audio/mpeg', 'The audio file'))
    expectTypeOf<AnswerOf<typeof text>>().toEqualTypeOf<string>()
    expectTypeOf<AnswerOf<typeof file>>().toEqualTypeOf<unknown>()
    expect(text.answer).toEqual({ kind: 'text', contentType: 'text/x-opml', description: 'An OPML file' })
    expect(file.answer.kind).toBe('bytes')
  })
})
