import { render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { describe, expect, it, vi } from 'vitest'
import { Dropdown } from './Dropdown.tsx'
import { Menu, MenuRow, SubMenu } from './Menu.tsx'

function renderMenu() {
  const chosen = vi.fn()
  const user = userEvent.setup()
  render(
    <Menu label="Sort by" buttonContent="Title" testId="menu">
      <MenuRow selected onClick={() => chosen('title')}>
        Title
      </MenuRow>
      <MenuRow selected={false} onClick={() => chosen('author')}>
        Author
      </MenuRow>
      <SubMenu label="Genre">
        <MenuRow onClick={() => chosen('fantasy')}>Fantasy</MenuRow>
      </SubMenu>
    </Menu>,
  )
  return { chosen, user }
}

describe('Menu', () => {
  it('opens from the keyboard as a menu in the body, moves with arrows and typeahead, chooses with Enter', async () => {
    const { chosen, user } = renderMenu()
    const trigger = screen.getByRole('button', { name: 'Sort by Title' })
    trigger.focus()
    await user.keyboard('{Enter}')
    const menu = await screen.findByRole('menu')
    // Portalled out of the trigger's container, so no grid row can draw over it.
    expect(screen.getByTestId('menu').contains(menu)).toBe(false)
    expect(screen.getByRole('menuitemradio', { name: 'Title' }).getAttribute('aria-checked')).toBe('true')
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: 'Title' })),
    )
    await user.keyboard('{ArrowDown}')
    expect(document.activeElement).toBe(screen.getByRole('menuitemradio', { name: 'Author' }))
    await user.keyboard('g')
    await waitFor(() => expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Genre' })))
    await user.keyboard('{ArrowRight}')
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('menuitem', { name: 'Fantasy' })),
    )
    await user.keyboard('{Enter}')
    expect(chosen).toHaveBeenCalledWith('fantasy')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
  })

  it('closes on Escape and gives focus back to its button', async () => {
    const { chosen, user } = renderMenu()
    const trigger = screen.getByRole('button', { name: 'Sort by Title' })
    await user.click(trigger)
    await screen.findByRole('menu')
    await user.keyboard('{Escape}')
    await waitFor(() => expect(screen.queryByRole('menu')).toBeNull())
    expect(document.activeElement).toBe(trigger)
    expect(chosen).not.toHaveBeenCalled()
  })
})

describe('Dropdown', () => {
  it('is a named combobox whose options open in the body and are chosen by keyboard', async () => {
    const onChange = vi.fn()
    const user = userEvent.setup()
    render(
      <Dropdown
        label="Select library"
        value="a"
        onChange={onChange}
        testId="dropdown"
        options={[
          { value: 'a', label: 'Books' },
          { value: 'b', label: 'Podcasts', subtext: '2 podcasts' },
        ]}
      />,
    )
    const trigger = screen.getByRole('combobox', { name: 'Select library: Books' })
    trigger.focus()
    await user.keyboard('{ArrowDown}')
    const list = await screen.findByRole('listbox')
    expect(screen.getByTestId('dropdown').contains(list)).toBe(false)
    expect(screen.getByRole('option', { name: /Podcasts/ }).textContent).toContain('2 podcasts')
    await user.keyboard('{ArrowDown}{Enter}')
    expect(onChange).toHaveBeenCalledWith('b')
  })
})
