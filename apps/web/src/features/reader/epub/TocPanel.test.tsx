import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { TocPanel, type TocPanelProps } from './TocPanel.tsx'

const toc = [
  {
    label: 'Part One',
    href: 'one.xhtml',
    subitems: [{ label: 'Chapter 1.1', href: 'one.xhtml#s1', subitems: [] }],
  },
  { label: 'Part Two', href: 'two.xhtml', subitems: [] },
]

function setup(props: Partial<TocPanelProps> = {}) {
  const handlers = {
    onClose: vi.fn(),
    onSearch: vi.fn(),
    onClearSearch: vi.fn(),
    onNavigate: vi.fn(),
  }
  const view = render(<TocPanel open toc={toc} search={null} {...handlers} {...props} />)
  return { ...handlers, ...view }
}

describe('TocPanel', () => {
  it('lists nested chapters; choosing one navigates to its href', async () => {
    const { onNavigate } = setup()
    expect(screen.getByRole('dialog', { name: 'Table of Contents' })).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Chapter 1.1' }))
    expect(onNavigate).toHaveBeenCalledWith('one.xhtml#s1')
  })

  it('searches on submit only with more than one character', async () => {
    const { onSearch, onClearSearch } = setup()
    const box = screen.getByRole('searchbox', { name: 'Search' })
    await userEvent.type(box, 'a{Enter}')
    expect(onSearch).not.toHaveBeenCalled()
    expect(onClearSearch).toHaveBeenCalled()
    await userEvent.type(box, 'b')
    expect(onSearch).not.toHaveBeenCalled() // typing alone does not search
    await userEvent.type(box, '{Enter}')
    expect(onSearch).toHaveBeenCalledWith('ab')
  })

  it('shows hits with their excerpt and the no-results message', async () => {
    const search = {
      done: true,
      chapters: [
        {
          label: 'Part Two',
          hits: [
            { cfi: 'epubcfi(/6/4!/4/2/1:3)', excerpt: { pre: 'the ', match: 'harbour', post: ' lights' } },
          ],
        },
      ],
    }
    const { onNavigate, rerender, onClose, onSearch, onClearSearch } = setup({ search })
    expect(screen.queryByRole('button', { name: 'Part One' })).toBeNull()
    const hit = screen.getByTestId('search-hit')
    expect(hit.textContent).toBe('the harbour lights')
    await userEvent.click(hit)
    expect(onNavigate).toHaveBeenCalledWith('epubcfi(/6/4!/4/2/1:3)')

    rerender(
      <TocPanel
        open
        toc={toc}
        search={{ done: true, chapters: [] }}
        onClose={onClose}
        onSearch={onSearch}
        onClearSearch={onClearSearch}
        onNavigate={onNavigate}
      />,
    )
    expect(screen.getByText('No results')).toBeTruthy()
  })

  it('closes from the back arrow, the backdrop and Escape', async () => {
    const { onClose } = setup()
    await userEvent.click(screen.getByRole('button', { name: 'Back' }))
    fireEvent.click(screen.getByTestId('toc-backdrop'))
    const escapes = vi.fn()
    window.addEventListener('keydown', escapes)
    fireEvent.keyDown(screen.getByRole('searchbox'), { key: 'Escape' })
    window.removeEventListener('keydown', escapes)
    expect(onClose).toHaveBeenCalledTimes(3)
    expect(escapes).not.toHaveBeenCalled() // the reader itself stays open
  })
})
