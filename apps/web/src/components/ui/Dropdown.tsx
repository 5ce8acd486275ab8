import { useId, type ReactNode } from 'react'
import { Icon } from './Icon.tsx'
import { cn } from './cn.ts'
import { useTextDirection } from '@/lib/i18n/index.ts'
import { isOpeningKey, useOpenRequest, useRadix, useTriggerSwitch } from './radix-on-demand.ts'

export interface DropdownOption {
  value: string
  label: string
  icon?: ReactNode
  subtext?: string
}

export interface DropdownProps {
  /** Accessible name of the trigger (e.g. "Select library"); also the placeholder while nothing is chosen. */
  label: string
  options: readonly DropdownOption[]
  value: string | null
  onChange: (value: string) => void
  disabled?: boolean
  /** What the trigger shows; defaults to the selected option's label. */
  triggerContent?: ReactNode
  className?: string
  testId?: string
}

/**
 * Single-select dropdown on Radix Select: arrow keys, typeahead, Escape; the list is portalled to the body
 * under the trigger (flipping above it near the bottom edge), at most 224 px tall (spec §9). Until the Radix
 * code arrives (radix-on-demand.ts) the trigger is a plain button that looks the same; a press on it opens
 * the list as soon as the code is there.
 */
export function Dropdown({
  label,
  options,
  value,
  onChange,
  disabled,
  triggerContent,
  className,
  testId,
}: DropdownProps) {
  const selected = options.find((o) => o.value === value)
  const radix = useRadix()
  const dir = useTextDirection()
  const { staticRef, radixRef } = useTriggerSwitch(radix)
  const { openRequested, requestOpen } = useOpenRequest()
  const listId = useId()
  // A combobox takes no name from its content: the name says what it is for and what is chosen.
  const triggerLabel = selected ? `${label}: ${selected.label}` : label
  // The value (Radix's span takes no class) may shrink, so a long name is cut with an ellipsis at its end
  // instead of overflowing past its start in right-to-left layouts.
  const valueBoxClassName =
    'flex min-w-0 flex-1 items-center gap-2 truncate text-start [&>span]:flex [&>span]:min-w-0 [&>span]:items-center [&>span]:gap-2'
  const triggerClassName =
    'group flex h-10 w-full items-center gap-2 rounded-lg border border-border bg-surface px-3 text-sm text-fg transition hover:border-muted disabled:cursor-not-allowed disabled:opacity-60 data-[placeholder]:text-muted'
  const chevron = (
    <Icon name="chevronDown" className="size-4 text-muted transition group-data-[state=open]:rotate-180" />
  )

  if (!radix) {
    // As Select.Value: the placeholder (the label) while no value is set, else the chosen option.
    const placeholder = value === null || value === ''
    return (
      <div className={cn('relative', className)} data-testid={testId}>
        <button
          ref={staticRef}
          type="button"
          role="combobox"
          aria-controls={listId}
          aria-label={triggerLabel}
          aria-expanded={false}
          aria-autocomplete="none"
          dir={dir}
          disabled={disabled}
          data-state="closed"
          data-disabled={disabled ? '' : undefined}
          data-placeholder={placeholder ? '' : undefined}
          className={triggerClassName}
          onClick={requestOpen}
          onKeyDown={(event) => {
            if (!isOpeningKey(event.key)) return
            event.preventDefault()
            requestOpen()
          }}
        >
          <span className={valueBoxClassName}>
            <span style={{ pointerEvents: 'none' }}>
              {placeholder ? label : (triggerContent ?? selected?.label)}
            </span>
          </span>
          {chevron}
        </button>
      </div>
    )
  }
  const { RadixSelect: Select } = radix
  return (
    <div className={cn('relative', className)} data-testid={testId}>
      <Select.Root
        dir={dir}
        value={value ?? undefined}
        defaultOpen={openRequested}
        onValueChange={(next) => next !== value && onChange(next)}
        disabled={disabled}
      >
        <Select.Trigger ref={radixRef} aria-label={triggerLabel} className={triggerClassName}>
          <span className={valueBoxClassName}>
            <Select.Value placeholder={label}>{triggerContent ?? selected?.label}</Select.Value>
          </span>
          <Select.Icon asChild>{chevron}</Select.Icon>
        </Select.Trigger>
        <Select.Portal>
          <Select.Content
            position="popper"
            sideOffset={4}
            collisionPadding={8}
            className="z-[70] max-h-[min(14rem,var(--radix-select-content-available-height))] min-w-[var(--radix-select-trigger-width)] overflow-hidden rounded-lg border border-border bg-surface-raised text-fg shadow-2xl"
          >
            <Select.Viewport className="py-1">
              {options.map((option) => (
                <Select.Item
                  key={option.value}
                  value={option.value}
                  className="flex cursor-pointer select-none items-center gap-2 px-3 py-2 text-sm text-fg outline-none data-[highlighted]:bg-surface data-[state=checked]:font-semibold"
                >
                  {option.icon}
                  <span className="min-w-0 flex-1 truncate">
                    <Select.ItemText>{option.label}</Select.ItemText>
                    {option.subtext && (
                      <span className="block text-xs font-normal text-muted">{option.subtext}</span>
                    )}
                  </span>
                  <Select.ItemIndicator>
                    <Icon name="check" className="size-4 text-primary" />
                  </Select.ItemIndicator>
                </Select.Item>
              ))}
            </Select.Viewport>
          </Select.Content>
        </Select.Portal>
      </Select.Root>
    </div>
  )
}
