import { useTranslation } from 'react-i18next'
import { Icon, Menu, MenuRow } from '@/components/ui/index.ts'

export interface SortMenuOption {
  key: string
  labelKey: string
}

/**
 * The sort menu: choosing the current sort again flips its direction (as Audiobookshelf does); the
 * arrow shows ascending or descending.
 */
export function SortMenu({
  options,
  value,
  desc,
  onChange,
  testId = 'sort-menu',
}: {
  options: readonly SortMenuOption[]
  value: string
  desc: boolean
  onChange: (value: string, desc: boolean) => void
  testId?: string
}) {
  const { t } = useTranslation()
  const current = options.find((o) => o.key === value) ?? options[0]
  const arrow = <Icon name={desc ? 'arrowDown' : 'arrowUp'} className="size-4 text-muted" />
  return (
    <Menu
      label={t('LabelSortBy')}
      testId={testId}
      align="end"
      buttonContent={
        <>
          <span className="max-w-36 truncate">{current ? t(current.labelKey) : ''}</span>
          {arrow}
        </>
      }
      panelClassName="w-56 max-h-96"
    >
      <SortRows options={options} value={current?.key ?? value} desc={desc} onChange={onChange} />
    </Menu>
  )
}

function SortRows({
  options,
  value,
  desc,
  onChange,
}: {
  options: readonly SortMenuOption[]
  value: string
  desc: boolean
  onChange: (value: string, desc: boolean) => void
}) {
  const { t } = useTranslation()
  return (
    <div role="group" aria-label={t('LabelSortBy')}>
      {options.map((option) => {
        const selected = option.key === value
        return (
          <MenuRow
            key={option.key}
            selected={selected}
            onClick={() => {
              onChange(option.key, selected ? !desc : false)
            }}
            trailing={
              selected ? <Icon name={desc ? 'arrowDown' : 'arrowUp'} className="size-4" /> : undefined
            }
          >
            {t(option.labelKey)}
          </MenuRow>
        )
      })}
    </div>
  )
}
