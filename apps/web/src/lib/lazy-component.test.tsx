import { render, screen } from '@testing-library/react'
import { Suspense } from 'react'
import { describe, expect, it, vi } from 'vitest'
import { lazyComponent } from './lazy-component.ts'

function Greeting({ name }: { name: string }) {
  return <p>Hello {name}</p>
}

describe('lazyComponent', () => {
  it('fetches the module once, whether preloaded first or rendered first', async () => {
    const load = vi.fn(() => Promise.resolve({ Greeting }))
    const { Component, preload } = lazyComponent(load, 'Greeting')
    expect(load).not.toHaveBeenCalled()
    await preload()
    await preload()
    render(
      <Suspense fallback={<p>loading</p>}>
        <Component name="Ada" />
      </Suspense>,
    )
    expect(await screen.findByText('Hello Ada')).toBeTruthy()
    expect(load).toHaveBeenCalledTimes(1)
  })

  it('fetches again after a failed fetch', async () => {
    const load = vi
      .fn<() => Promise<{ Greeting: typeof Greeting }>>()
      .mockRejectedValueOnce(new Error('chunk gone'))
      .mockResolvedValueOnce({ Greeting })
    const { preload } = lazyComponent(load, 'Greeting')
    await expect(preload()).rejects.toThrow('chunk gone')
    await expect(preload()).resolves.toEqual({ Greeting })
    expect(load).toHaveBeenCalledTimes(2)
  })
})
