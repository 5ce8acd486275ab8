import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { CoverImage } from './CoverImage.tsx'

const longTitle = 'The Extraordinarily Long and Winding Chronicle of a Lighthouse Keeper'
const longAuthor = 'Bartholomew Montgomery-Fitzwilliam'

function loadImage(img: HTMLElement, width: number, height: number) {
  Object.defineProperty(img, 'naturalWidth', { value: width, configurable: true })
  Object.defineProperty(img, 'naturalHeight', { value: height, configurable: true })
  fireEvent.load(img)
}

describe('CoverImage', () => {
  it('shows the title and author, truncated, when there is no image', () => {
    render(
      <CoverImage
        src={null}
        title={longTitle}
        author={longAuthor}
        aspectRatio={1.6}
        width={120}
        invalidLabel="Invalid Cover"
      />,
    )
    const cover = screen.getByTestId('cover')
    expect(cover.dataset.coverState).toBe('placeholder')
    expect(cover.textContent).toContain(`${longTitle.slice(0, 57)}…`)
    expect(cover.textContent).toContain(`${longAuthor.slice(0, 27)}…`)
    expect(cover.style.height).toBe('192px')
  })

  it('keeps a thumbnail to a few lines of the title, without the author', () => {
    render(
      <CoverImage
        src={null}
        title={longTitle}
        author={longAuthor}
        aspectRatio={1}
        width={40}
        invalidLabel="Invalid Cover"
      />,
    )
    const cover = screen.getByTestId('cover')
    expect(cover.textContent).not.toContain('Bartholomew')
    expect(screen.getByTestId('cover-placeholder-title').className).toContain('line-clamp-3')
  })

  it('says Invalid Cover when the image fails to load', () => {
    render(
      <CoverImage
        src="/api/items/1/cover?width=120"
        title="Dune"
        aspectRatio={1.6}
        width={120}
        invalidLabel="Invalid Cover"
      />,
    )
    expect(screen.queryByTestId('cover-invalid')).toBeNull()
    fireEvent.error(screen.getByRole('img', { name: 'Dune' }))
    expect(screen.getByTestId('cover-invalid').textContent).toBe('Invalid Cover')
    expect(screen.getByTestId('cover').textContent).toContain('Dune')
  })

  it('puts a square image over a blurred copy in a standard box, and fills the box with a fitting one', () => {
    const { unmount } = render(
      <CoverImage
        src="/square.jpg"
        title="Square"
        aspectRatio={1.6}
        width={120}
        invalidLabel="Invalid Cover"
        showResolution
      />,
    )
    loadImage(screen.getByRole('img', { name: 'Square' }), 500, 500)
    expect(screen.getByTestId('cover').dataset.coverBackground).toBe('true')
    expect(screen.getByRole('img', { name: 'Square' }).className).toContain('object-contain')
    expect(screen.getByTestId('cover-resolution').textContent).toBe('500×500px')
    unmount()

    render(
      <CoverImage src="/tall.jpg" title="Tall" aspectRatio={1.6} width={120} invalidLabel="Invalid Cover" />,
    )
    loadImage(screen.getByRole('img', { name: 'Tall' }), 400, 620)
    expect(screen.getByTestId('cover').dataset.coverBackground).toBeUndefined()
    expect(screen.getByRole('img', { name: 'Tall' }).getAttribute('loading')).toBe('lazy')
  })
})
