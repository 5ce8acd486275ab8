import { act, render, screen, waitFor } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { afterEach, describe, expect, it, vi } from 'vitest'

/**
 * The widgets before their Radix chunk has arrived: fresh copies of components/ui whose chunk arrives only when
 * the test calls `arrive()` (the setup file has loaded the shared copy for every other test).
 */
async function widgetsBeforeRadix() {
  vi.resetModules()
  let release = () => {}
  const gate = new Promise<void>((resolve) => (release = resolve))
  vi.doMock('./radix-primitives.ts', async (importOriginal) => {
    await gate
    return importOriginal()
  })
  const ui = await import('./index.ts')
  const onDemand = await import('./radix-on-demand.ts')
  const arrive = async () => {
    release()
    await act(() => onDemand.loadRadix())
    // The switch waits for a press in progress to end (radix-on-demand.ts `publish`).
    await act(() => new Promise((resolve) => setTimeout(resolve, 10)))
  }
  return { ui, arrive }
}

afterEach(() => {
  vi.doUnmock('./radix-primitives.ts')
})

/** An element as the user and assistive tech get it: its tag, attributes (less generated ids) and contents. */
function shape(element: Element) {
  const attributes = [...element.attributes]
    .filter((attribute) => attribute.name !== 'id' && attribute.name !== 'aria-controls')
    .map((attribute) => `${attribute.name}=${attribute.value}`)
    .sort()
  return { tag: element.tagName, attributes, inner: element.innerHTML }
}

describe('widgets before their Radix code has arrived', () => {
  it('render triggers with the same markup, classes and names as their Radix form', async () => {
    const { ui, arrive } = await widgetsBeforeRadix()
    const noop = () => {}
    render(
      <>
        <ui.IconButton icon="close" label="Remove key" />
        <ui.Menu label="Sort by" buttonContent="Title" testId="menu" buttonClassName="w-40">
          <ui.MenuRow onClick={noop}>Title</ui.MenuRow>
        </ui.Menu>
        <ui.Dropdown
          label="Library"
          options={[{ value: 'books', label: 'Books' }]}
          value="books"
          onChange={noop}
          testId="dropdown"
        />
        <ui.Dropdown label="Narrator" options={[]} value={null} onChange={noop} testId="empty-dropdown" />
        <ui.Dropdown
          label="Shelf"
          options={[{ value: 'main', label: 'Main' }]}
          value="main"
          onChange={noop}
          triggerContent={<b>Main shelf</b>}
          disabled
        />
        <ui.Popover label="Tasks" buttonContent="3" testId="popover">
          <p>Scanning</p>
        </ui.Popover>
        <ui.Popover label="Disabled tasks" buttonContent="0" disabled>
          <p>Nothing</p>
        </ui.Popover>
      </>,
    )
    const triggers = () => [
      screen.getByRole('button', { name: 'Remove key' }),
      screen.getByRole('button', { name: 'Sort by Title' }),
      screen.getByRole('combobox', { name: 'Library: Books' }),
      screen.getByRole('combobox', { name: 'Narrator' }),
      screen.getByRole('combobox', { name: 'Shelf: Main' }),
      screen.getByRole('button', { name: 'Tasks' }),
      screen.getByRole('button', { name: 'Disabled tasks' }),
    ]
    const before = triggers().map(shape)
    expect(screen.queryByRole('tooltip')).toBeNull()

    await arrive()
    expect(triggers().map(shape)).toEqual(before)
  })

  it('a click on a menu trigger opens the menu once the code arrives, and says it opened', async () => {
    const { ui, arrive } = await widgetsBeforeRadix()
    const user = userEvent.setup()
    const onOpen = vi.fn()
    const chosen = vi.fn()
    render(
      <ui.Menu label="Sort by" buttonContent="Title" onOpen={onOpen}>
        <ui.MenuRow onClick={() => chosen('author')}>Author</ui.MenuRow>
      </ui.Menu>,
    )
    await user.click(screen.getByRole('button', { name: 'Sort by Title' }))
    expect(screen.queryByRole('menu')).toBeNull()

    await arrive()
    const menu = await screen.findByRole('menu')
    expect(onOpen).toHaveBeenCalledTimes(1)
    await user.click(screen.getByRole('menuitem', { name: 'Author' }))
    expect(chosen).toHaveBeenCalledWith('author')
    expect(menu.isConnected).toBe(false)
  })

  it('Enter on a focused dropdown opens its list once the code arrives, and focus stays on the widget', async () => {
    const { ui, arrive } = await widgetsBeforeRadix()
    const user = userEvent.setup()
    const onChange = vi.fn()
    render(
      <>
        <ui.Dropdown
          label="Library"
          options={[
            { value: 'books', label: 'Books' },
            { value: 'podcasts', label: 'Podcasts' },
          ]}
          value="books"
          onChange={onChange}
        />
        <ui.IconButton icon="close" label="Remove key" />
      </>,
    )
    await user.tab()
    await user.keyboard('{Enter}')
    expect(screen.queryByRole('listbox')).toBeNull()

    await arrive()
    await screen.findByRole('listbox')
    await user.click(screen.getByRole('option', { name: 'Podcasts' }))
    expect(onChange).toHaveBeenCalledWith('podcasts')
    // Back on the (now Radix) trigger after choosing.
    await waitFor(() =>
      expect(document.activeElement).toBe(screen.getByRole('combobox', { name: 'Library: Books' })),
    )
  })

  it('a focused trigger keeps focus when it switches to its Radix form, and then shows its tooltip', async () => {
    const { ui, arrive } = await widgetsBeforeRadix()
    const user = userEvent.setup()
    render(<ui.IconButton icon="close" label="Remove key" />)
    await user.tab()
    const staticButton = screen.getByRole('button', { name: 'Remove key' })
    expect(document.activeElement).toBe(staticButton)

    await arrive()
    const radixButton = screen.getByRole('button', { name: 'Remove key' })
    expect(radixButton).not.toBe(staticButton)
    expect(document.activeElement).toBe(radixButton)
    expect((await screen.findByRole('tooltip')).textContent).toBe('Remove key')
  })

  it('a popover pressed before the code arrives opens after', async () => {
    const { ui, arrive } = await widgetsBeforeRadix()
    const user = userEvent.setup()
    const onOpen = vi.fn()
    render(
      <ui.Popover label="Tasks" buttonContent="3" onOpen={onOpen}>
        <p>Scanning</p>
      </ui.Popover>,
    )
    await user.click(screen.getByRole('button', { name: 'Tasks' }))
    expect(screen.queryByText('Scanning')).toBeNull()

    await arrive()
    expect((await screen.findByRole('dialog', { name: 'Tasks' })).textContent).toBe('Scanning')
    expect(onOpen).toHaveBeenCalledTimes(1)
  })

  it('a modal opened before the code arrives shows after, with focus in its first field', async () => {
    const { ui, arrive } = await widgetsBeforeRadix()
    render(
      <ui.Modal open onClose={() => {}} title="Edit" closeLabel="Close">
        <input aria-label="Name" />
      </ui.Modal>,
    )
    expect(screen.queryByRole('dialog')).toBeNull()

    await arrive()
    expect(await screen.findByRole('dialog', { name: 'Edit' })).toBeTruthy()
    await waitFor(() => expect(document.activeElement).toBe(screen.getByLabelText('Name')))
  })
})
