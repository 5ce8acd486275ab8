import { fireEvent, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { useState } from 'react'
import { describe, expect, it } from 'vitest'
import { EreaderSettingsModal } from './EreaderSettingsModal.tsx'
import { EREADER_SETTINGS_KEY, loadEreaderSettings } from './ereader-settings.ts'
import { useEreaderSettings } from './use-ereader-settings.ts'

function Harness() {
  const { settings, update } = useEreaderSettings()
  const [open, setOpen] = useState(true)
  return (
    <EreaderSettingsModal open={open} onClose={() => setOpen(false)} settings={settings} onChange={update} />
  )
}

describe('EreaderSettingsModal', () => {
  it('shows the defaults with % and the spec ranges; every change is saved at once', async () => {
    render(<Harness />)
    expect(screen.getByRole('dialog', { name: 'Ereader Settings' })).toBeTruthy()
    const scale = screen.getByRole('slider', { name: 'Font scale' })
    expect([scale.getAttribute('min'), scale.getAttribute('max'), scale.getAttribute('step')]).toEqual([
      '5',
      '300',
      '5',
    ])
    expect(scale.getAttribute('aria-valuetext')).toBe('100%')
    expect(screen.getByRole('slider', { name: 'Line spacing' }).getAttribute('aria-valuetext')).toBe('115%')
    const boldness = screen.getByRole('slider', { name: 'Font boldness' })
    expect([boldness.getAttribute('min'), boldness.getAttribute('max')]).toEqual(['0', '300'])
    expect(screen.getByRole('button', { name: 'Dark' }).getAttribute('aria-pressed')).toBe('true')

    fireEvent.change(scale, { target: { value: '150' } })
    expect(screen.getByText('150%')).toBeTruthy()
    await userEvent.click(screen.getByRole('button', { name: 'Sepia' }))
    await userEvent.click(screen.getByRole('button', { name: 'Sans serif' }))
    await userEvent.click(screen.getByRole('button', { name: 'Single page' }))
    await userEvent.click(screen.getByRole('button', { name: 'Scrolling' }))
    fireEvent.change(boldness, { target: { value: '40' } })

    expect(loadEreaderSettings()).toEqual({
      theme: 'sepia',
      font: 'sans-serif',
      fontScale: 150,
      lineSpacing: 115,
      fontBoldness: 100,
      spread: 'none',
      flow: 'scrolled',
      textStroke: 40,
    })
    expect(localStorage.getItem(EREADER_SETTINGS_KEY)).toContain('"fontScale":150')
  })

  it('loads the stored settings on mount', () => {
    localStorage.setItem(EREADER_SETTINGS_KEY, JSON.stringify({ fontScale: 220, theme: 'light', bogus: 1 }))
    render(<Harness />)
    expect(screen.getByRole('slider', { name: 'Font scale' }).getAttribute('aria-valuetext')).toBe('220%')
    expect(screen.getByRole('button', { name: 'Light' }).getAttribute('aria-pressed')).toBe('true')
  })
})
