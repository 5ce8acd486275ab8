import type { KeyboardEvent, ReactNode } from 'react'
import { useTextDirection } from '@/lib/i18n/index.ts'
import { Icon } from './Icon.tsx'
import { cn } from './cn.ts'
import {
  isOpeningKey,
  useOpenRequest,
  useRadix,
  useTriggerSwitch,
  type RadixPrimitives,
} from './radix-on-demand.ts'

export interface MenuProps {
  /** Accessible name of the trigger. */
  label: string
  /** What the trigger button shows. */
  buttonContent: ReactNode
  buttonClassName?: string
  /** Rows: `MenuRow`, `SubMenu`, `MenuSeparator`. A chosen row closes the menu. */
  children: ReactNode
  /** Which trigger edge the menu lines up with; it flips when it would leave the screen. */
  align?: 'start' | 'end'
  panelClassName?: string
  testId?: string
  /** Called each time the menu opens. */
  onOpen?: () => void
  disabled?: boolean
}

/** Menus sit above modals (z 60) so a menu opened inside a dialog shows. */
const panelClasses =
  'z-[70] max-h-[var(--radix-dropdown-menu-content-available-height)] min-w-40 overflow-y-auto rounded-xl border border-border bg-surface-raised p-1 text-fg shadow-2xl outline-none'

/**
 * A button with a menu (role=menu): arrow keys, typeahead, Escape; portalled to the body so the grid's rows
 * never cover it; flips to the other side near the screen edges. Until the Radix code arrives
 * (radix-on-demand.ts) the trigger is a plain button that looks the same; a press on it opens the menu
 * as soon as the code is there.
 */
export function Menu({
  label,
  buttonContent,
  buttonClassName,
  children,
  align = 'start',
  panelClassName,
  testId,
  onOpen,
  disabled,
}: MenuProps) {
  const radix = useRadix()
  const dir = useTextDirection()
  const { staticRef, radixRef } = useTriggerSwitch(radix)
  const { openRequested, requestOpen } = useOpenRequest(onOpen)
  const triggerClassName = cn(
    'inline-flex h-10 items-center gap-2 rounded-lg border border-border bg-surface px-3 text-sm text-fg transition hover:border-muted disabled:cursor-not-allowed disabled:opacity-60 data-[state=open]:border-primary/60',
    buttonClassName,
  )
  // Named by what it is for, then what it shows (e.g. "Sort by Title"): the visible text stays in the name.
  const triggerContent = (
    <>
      <span className="sr-only">{label} </span>
      {buttonContent}
    </>
  )

  if (!radix) {
    return (
      <div className="relative" data-testid={testId}>
        <button
          ref={staticRef}
          type="button"
          title={label}
          disabled={disabled}
          aria-haspopup="menu"
          aria-expanded={false}
          data-state="closed"
          data-disabled={disabled ? '' : undefined}
          className={triggerClassName}
          onClick={requestOpen}
          onKeyDown={(event) => {
            if (!isOpeningKey(event.key)) return
            event.preventDefault()
            requestOpen()
          }}
        >
          {triggerContent}
        </button>
      </div>
    )
  }
  const { RadixDropdownMenu: DropdownMenu } = radix
  return (
    <div className="relative" data-testid={testId}>
      {/* Not modal: a row may open a dialog, which then owns focus and the inert background. */}
      <DropdownMenu.Root
        dir={dir}
        modal={false}
        defaultOpen={openRequested}
        onOpenChange={(open) => open && onOpen?.()}
      >
        <DropdownMenu.Trigger ref={radixRef} title={label} disabled={disabled} className={triggerClassName}>
          {triggerContent}
        </DropdownMenu.Trigger>
        <DropdownMenu.Portal>
          <DropdownMenu.Content
            align={align}
            sideOffset={4}
            collisionPadding={8}
            className={cn(panelClasses, panelClassName)}
          >
            {children}
          </DropdownMenu.Content>
        </DropdownMenu.Portal>
      </DropdownMenu.Root>
    </div>
  )
}

/** Rows only render inside an open menu, so the Radix code is there; `null` would only show a misuse. */
function useMenuPrimitives(): RadixPrimitives['RadixDropdownMenu'] | null {
  return useRadix()?.RadixDropdownMenu ?? null
}

const rowClasses =
  'flex w-full cursor-pointer select-none items-center gap-2 rounded-lg px-3 py-2 text-start text-sm outline-none transition data-[highlighted]:bg-surface data-[disabled]:opacity-50'

/**
 * A row of a menu. With `selected` it is one choice of a set (menuitemradio, the current one checked).
 * Choosing it runs `onClick` and closes the menu.
 */
export function MenuRow({
  children,
  onClick,
  selected,
  trailing,
  testId,
}: {
  children: ReactNode
  onClick: () => void
  selected?: boolean
  trailing?: ReactNode
  testId?: string
}) {
  const choice = selected !== undefined
  const DropdownMenu = useMenuPrimitives()
  if (!DropdownMenu) return null
  return (
    <DropdownMenu.Item
      onSelect={onClick}
      data-testid={testId}
      role={choice ? 'menuitemradio' : 'menuitem'}
      aria-checked={choice ? selected : undefined}
      className={cn(rowClasses, selected ? 'font-semibold text-primary' : 'text-fg')}
    >
      <span className="min-w-0 flex-1 truncate">{children}</span>
      {trailing}
    </DropdownMenu.Item>
  )
}

/** A row opening a flyout submenu (right arrow or hover); it opens on the other side near the edge. */
export function SubMenu({
  label,
  children,
  selected = false,
  panelClassName,
  testId,
}: {
  label: ReactNode
  children: ReactNode
  /** The current choice is inside. */
  selected?: boolean
  panelClassName?: string
  testId?: string
}) {
  const DropdownMenu = useMenuPrimitives()
  if (!DropdownMenu) return null
  return (
    <DropdownMenu.Sub>
      <DropdownMenu.SubTrigger
        data-testid={testId}
        className={cn(
          rowClasses,
          'data-[state=open]:bg-surface',
          selected ? 'font-semibold text-primary' : 'text-fg',
        )}
      >
        <span className="min-w-0 flex-1 truncate">{label}</span>
        <Icon name="chevronRight" className="size-4 text-muted" />
      </DropdownMenu.SubTrigger>
      <DropdownMenu.Portal>
        <DropdownMenu.SubContent
          sideOffset={4}
          alignOffset={-4}
          collisionPadding={8}
          className={cn(panelClasses, panelClassName)}
        >
          {children}
        </DropdownMenu.SubContent>
      </DropdownMenu.Portal>
    </DropdownMenu.Sub>
  )
}

export function MenuSeparator() {
  const DropdownMenu = useMenuPrimitives()
  if (!DropdownMenu) return null
  return <DropdownMenu.Separator className="my-1 h-px bg-border" />
}

/** Keys typed into a text box inside a menu stay in it (no typeahead jump); Escape and Tab still reach the menu. */
export function keepKeysInMenuInput(event: KeyboardEvent) {
  if (event.key !== 'Escape' && event.key !== 'Tab') event.stopPropagation()
}
