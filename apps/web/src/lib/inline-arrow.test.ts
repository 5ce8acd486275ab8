import { describe, expect, it } from 'vitest'
import { inlineArrowStep } from './inline-arrow.ts'

function element(dir: 'ltr' | 'rtl'): HTMLElement {
  const root = document.createElement('div')
  root.dir = dir
  root.style.direction = dir
  const child = document.createElement('button')
  root.append(child)
  document.body.append(root)
  return child
}

describe('inlineArrowStep', () => {
  it('steps forward with ArrowRight and back with ArrowLeft left to right', () => {
    const button = element('ltr')
    expect(inlineArrowStep('ArrowRight', button)).toBe(1)
    expect(inlineArrowStep('ArrowLeft', button)).toBe(-1)
  })

  it('mirrors the arrows right to left', () => {
    const button = element('rtl')
    expect(inlineArrowStep('ArrowRight', button)).toBe(-1)
    expect(inlineArrowStep('ArrowLeft', button)).toBe(1)
  })

  it('ignores other keys', () => {
    expect(inlineArrowStep('ArrowDown', element('rtl'))).toBe(0)
  })
})
