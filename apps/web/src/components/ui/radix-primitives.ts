/**
 * Every Radix primitive the app uses, in one module that is only ever imported on demand
 * (radix-on-demand.ts): the bundler puts it and its dependencies in a chunk of their own, outside the first load.
 */
export * as RadixDialog from '@radix-ui/react-dialog'
export * as RadixDropdownMenu from '@radix-ui/react-dropdown-menu'
export * as RadixPopover from '@radix-ui/react-popover'
export * as RadixSelect from '@radix-ui/react-select'
export * as RadixTooltip from '@radix-ui/react-tooltip'
