import type { Book, BookMatch } from '@shelfcast/contracts'
import { render, screen } from '@testing-library/react'
import { I18nextProvider } from 'react-i18next'
import { describe, expect, it } from 'vitest'
import { i18n } from '@/lib/i18n/index.ts'
import { MatchReview } from './MatchReview.tsx'

const book = {
  metadata: {
    title: 'Dune',
    subtitle: null,
    authors: [],
    narrators: [],
    series: [],
    genres: [],
    publishedYear: null,
    publisher: null,
    description: '<p>Ours</p>',
    isbn: null,
    asin: null,
    language: null,
    explicit: false,
    abridged: false,
  },
  tags: [],
  coverPath: null,
} as unknown as Book

const match: BookMatch = {
  title: 'Dune',
  subtitle: null,
  author: null,
  narrator: null,
  publisher: null,
  publishedYear: null,
  description: '<img src=x onerror="window.hit=1"><b>Bold</b> claim <a href="javascript:alert(1)">link</a>',
  cover: null,
  isbn: null,
  asin: null,
  genres: [],
  tags: null,
  series: [],
  language: null,
  duration: null,
}

describe('MatchReview', () => {
  it("shows a provider's description markup as text, never as HTML", () => {
    const { container } = render(
      <I18nextProvider i18n={i18n}>
        <MatchReview
          match={match}
          book={book}
          saving={false}
          onBack={() => undefined}
          onApply={() => undefined}
        />
      </I18nextProvider>,
    )
    const review = screen.getByTestId('match-review')
    expect(review.textContent).toContain('<b>Bold</b> claim')
    expect(review.textContent).toContain('<p>Ours</p>')
    for (const tag of ['img', 'b', 'a', 'p > p'])
      expect(container.querySelector(`[data-testid="match-review"] li ${tag}`)).toBeNull()
    expect((window as { hit?: number }).hit).toBeUndefined()
  })
})
