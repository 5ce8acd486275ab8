import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { lazyComponent } from './lazy-component.ts'

const strings = vi.hoisted(() => {
  let arrive: () => void = () => undefined
  const arrived = new Promise<void>((resolve) => (arrive = resolve))
  return { load: vi.fn(() => arrived), arrive: () => arrive() }
})
vi.mock('./i18n/app-i18n.ts', () => ({ loadRemainingStrings: strings.load }))

function Greeting() {
  return <p>Hello</p>
}

describe('lazyComponent and the strings the first load left out', () => {
  it('renders the component only once the remaining strings have arrived', async () => {
    const { Component } = lazyComponent(() => Promise.resolve({ Greeting }), 'Greeting')
    render(
      <Suspense fallback={<p>loading</p>}>
        <Component />
      </Suspense>,
    )
    expect(await screen.findByText('loading')).toBeTruthy()
    await new Promise((resolve) => setTimeout(resolve, 50))
    expect(screen.queryByText('Hello')).toBeNull()
    expect(strings.load).toHaveBeenCalled()
    strings.arrive()
    expect(await screen.findByText('Hello')).toBeTruthy()
  })
})
