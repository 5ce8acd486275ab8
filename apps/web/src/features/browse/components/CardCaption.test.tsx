import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { captionHeight, captionLines } from '../model/card-geometry.ts'
import { CardCaption } from './CardCaption.tsx'

describe('CardCaption', () => {
  it('is exactly as tall as the geometry says, empty lines kept', () => {
    const lines = captionLines('book', 'detail', true)
    render(<CardCaption lines={lines} title="A title" subs={['', 'Author']} titleTestId="title" />)
    const caption = screen.getByTestId('card-caption')
    expect(caption.style.height).toBe(`${captionHeight(lines)}px`)
    expect(caption.querySelectorAll('p')).toHaveLength(3)
    const heights = [...caption.querySelectorAll('p')].map((p) => parseFloat(p.style.height))
    expect(parseFloat(caption.style.paddingTop) + heights.reduce((a, b) => a + b, 0)).toBe(
      captionHeight(lines),
    )
    expect(screen.getByTestId('title').textContent).toBe('A title')
  })

  it('renders nothing in the standard view of a book', () => {
    const { container } = render(<CardCaption lines={captionLines('book', 'standard')} title="A title" />)
    expect(container.childElementCount).toBe(0)
  })
})
