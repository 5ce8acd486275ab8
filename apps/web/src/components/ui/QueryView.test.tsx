import { render, screen } from '@testing-library/react'
import { describe, expect, it } from 'vitest'
import { QueryView } from './QueryView.tsx'

const view = (props: { pending?: boolean; error?: string | null; empty?: false | string }) =>
  render(
    <QueryView
      pending={props.pending ?? false}
      error={props.error ?? null}
      empty={props.empty && <p>{props.empty}</p>}
      loadingLabel="Loading..."
    >
      <p>the list</p>
    </QueryView>,
  )

describe('QueryView', () => {
  it('shows loading, then an error as an alert, then the empty state or the content', () => {
    view({ pending: true })
    expect(screen.getByText('Loading...')).toBeTruthy()
    expect(screen.queryByText('the list')).toBeNull()
    view({ error: 'Failed to load data' })
    expect(screen.getByRole('alert').textContent).toBe('Failed to load data')
    view({ empty: 'Nothing yet' })
    expect(screen.getByText('Nothing yet')).toBeTruthy()
    view({ empty: false })
    expect(screen.getByText('the list')).toBeTruthy()
  })
})
