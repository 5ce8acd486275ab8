import { fireEvent, render, screen } from '@testing-library/react'
import { describe, expect, it, vi } from 'vitest'
import { SeekTrack } from './SeekTrack.tsx'

/** A 100-second track drawn 200 px wide from x = 100, inside a box of the given direction. */
function renderTrack(dir: 'ltr' | 'rtl') {
  const onSeek = vi.fn()
  render(
    <div dir={dir} style={{ direction: dir }}>
      <SeekTrack
        currentTime={0}
        bufferedTime={0}
        duration={100}
        chapters={[]}
        chapter={null}
        rate={1}
        loading={false}
        steps={{ back: 10, forward: 30 }}
        onSeek={onSeek}
      />
    </div>,
  )
  const track = screen.getByTestId('player-seek-track')
  track.getBoundingClientRect = () => ({
    left: 100,
    right: 300,
    width: 200,
    top: 0,
    bottom: 8,
    height: 8,
    x: 100,
    y: 0,
    toJSON: () => ({}),
  })
  return { track, onSeek }
}

describe('SeekTrack', () => {
  it('seeks by the distance from the left edge left to right', () => {
    const { track, onSeek } = renderTrack('ltr')
    fireEvent.click(track, { clientX: 150 })
    expect(onSeek).toHaveBeenCalledWith(25)
  })

  it('seeks by the distance from the right edge when it runs right to left', () => {
    const { track, onSeek } = renderTrack('rtl')
    fireEvent.click(track, { clientX: 150 })
    expect(onSeek).toHaveBeenCalledWith(75)
  })
})
