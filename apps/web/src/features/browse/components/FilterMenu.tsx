import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, Menu, MenuRow, SubMenu, keepKeysInMenuInput } from '@/components/ui/index.ts'
import { FILTER_ALL, filterBy, parseFilter, type FilterMenuGroup } from '../model/filters.ts'

/** Values rendered at once in a submenu; typing narrows a longer list. */
const MAX_VALUES_SHOWN = 200
/** A submenu with more values than this gets a search box. */
const SEARCH_FROM = 8

/**
 * The filter menu (spec §2): 'All', the groups, and per group a flyout submenu of its values (with a search
 * box for long lists) that opens on the other side near the screen edge. Flag groups apply directly.
 */
export function FilterMenu({
  groups,
  value,
  onChange,
  testId = 'filter-menu',
}: {
  groups: readonly FilterMenuGroup[]
  value: string
  onChange: (filterBy: string) => void
  testId?: string
}) {
  const { t } = useTranslation()
  const active = parseFilter(value)
  return (
    <Menu
      label={t('LabelFilterBy')}
      testId={testId}
      align="end"
      buttonContent={
        <>
          <Icon name="filter" className="size-4 text-muted" />
          <span className="max-w-32 truncate">
            {active
              ? t(groups.find((g) => g.group === active.group)?.labelKey ?? 'LabelFilterBy')
              : t('LabelAll')}
          </span>
        </>
      }
      panelClassName="w-64 max-h-96"
    >
      <MenuRow selected={value === FILTER_ALL} onClick={() => onChange(FILTER_ALL)}>
        {t('LabelAll')}
      </MenuRow>
      {groups.map((entry) =>
        entry.flag ? (
          <MenuRow
            key={entry.group}
            selected={active?.group === entry.group}
            onClick={() => onChange(filterBy(entry.group))}
          >
            {t(entry.labelKey)}
          </MenuRow>
        ) : (
          <SubMenu
            key={entry.group}
            label={t(entry.labelKey)}
            selected={active?.group === entry.group}
            testId={`filter-group-${entry.group}`}
            panelClassName="w-64 max-h-96"
          >
            <FilterValues group={entry} value={value} onChange={onChange} />
          </SubMenu>
        ),
      )}
    </Menu>
  )
}

function FilterValues({
  group,
  value,
  onChange,
}: {
  group: FilterMenuGroup
  value: string
  onChange: (filterBy: string) => void
}) {
  const { t } = useTranslation()
  const [search, setSearch] = useState('')
  const active = parseFilter(value)
  const needle = search.trim().toLowerCase()
  const labelOf = (entry: FilterMenuGroup['values'][number]) =>
    entry.labelKey ? t(entry.labelKey) : entry.label
  const matches = needle
    ? group.values.filter((entry) => labelOf(entry).toLowerCase().includes(needle))
    : group.values
  const shown = matches.slice(0, MAX_VALUES_SHOWN)
  return (
    <>
      {group.values.length > SEARCH_FROM && (
        <div className="px-1 py-1">
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            onKeyDown={keepKeysInMenuInput}
            placeholder={t('LabelSearch')}
            aria-label={t('LabelSearch')}
            className="h-9 w-full rounded-lg border border-border bg-bg px-3 text-sm text-fg outline-none focus:border-primary"
          />
        </div>
      )}
      {shown.map((entry) => (
        <MenuRow
          key={entry.value}
          selected={active?.group === group.group && active.value === entry.value}
          onClick={() => onChange(filterBy(group.group, entry.value))}
        >
          {labelOf(entry)}
        </MenuRow>
      ))}
      {matches.length === 0 && <p className="px-3 py-2 text-sm text-muted">{t('LabelNoResults')}</p>}
      {matches.length > shown.length && (
        <p className="px-3 py-2 text-xs text-muted">
          {t('MessageTypeToNarrow', { count: matches.length - shown.length })}
        </p>
      )}
    </>
  )
}
