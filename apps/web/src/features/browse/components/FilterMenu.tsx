import type { FilterGroup } from '@shelfcast/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, MenuRow, Popover, usePopoverClose } from '@/components/ui/index.ts'
import { FILTER_ALL, filterBy, parseFilter, type FilterMenuGroup } from '../model/filters.ts'

/** Values rendered at once in a submenu; typing narrows a longer list. */
const MAX_VALUES_SHOWN = 200
/** A submenu with more values than this gets a search box. */
const SEARCH_FROM = 8

/**
 * The filter menu (spec §2): 'All', the groups, and per group a submenu of its values (with a back row
 * and, for long lists, a search box). Flag groups apply directly.
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
  const [openGroup, setOpenGroup] = useState<FilterGroup | null>(null)
  return (
    <Popover
      label={t('LabelFilterBy')}
      testId={testId}
      align="end"
      onOpen={() => setOpenGroup(null)}
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
      panelClassName="w-64"
    >
      <FilterPanel
        groups={groups}
        value={value}
        onChange={onChange}
        openGroup={openGroup}
        setOpenGroup={setOpenGroup}
      />
    </Popover>
  )
}

function FilterPanel({
  groups,
  value,
  onChange,
  openGroup,
  setOpenGroup,
}: {
  groups: readonly FilterMenuGroup[]
  value: string
  onChange: (filterBy: string) => void
  openGroup: FilterGroup | null
  setOpenGroup: (group: FilterGroup | null) => void
}) {
  const { t } = useTranslation()
  const close = usePopoverClose()
  const [search, setSearch] = useState('')
  const active = parseFilter(value)
  const choose = (next: string) => {
    onChange(next)
    close()
  }
  const group = groups.find((g) => g.group === openGroup)

  if (!group) {
    return (
      <div role="group" aria-label={t('LabelFilterBy')} className="max-h-96 overflow-y-auto">
        <MenuRow selected={value === FILTER_ALL} onClick={() => choose(FILTER_ALL)}>
          {t('LabelAll')}
        </MenuRow>
        {groups.map((entry) =>
          entry.flag ? (
            <MenuRow
              key={entry.group}
              selected={active?.group === entry.group}
              onClick={() => choose(filterBy(entry.group))}
            >
              {t(entry.labelKey)}
            </MenuRow>
          ) : (
            <MenuRow
              key={entry.group}
              selected={active?.group === entry.group}
              onClick={() => {
                setSearch('')
                setOpenGroup(entry.group)
              }}
              trailing={<Icon name="chevronRight" className="size-4 text-muted" />}
            >
              {t(entry.labelKey)}
            </MenuRow>
          ),
        )}
      </div>
    )
  }

  const needle = search.trim().toLowerCase()
  const labelOf = (entry: FilterMenuGroup['values'][number]) =>
    entry.labelKey ? t(entry.labelKey) : entry.label
  const matches = needle
    ? group.values.filter((entry) => labelOf(entry).toLowerCase().includes(needle))
    : group.values
  const shown = matches.slice(0, MAX_VALUES_SHOWN)
  return (
    <div role="group" aria-label={t(group.labelKey)}>
      <MenuRow onClick={() => setOpenGroup(null)} testId="filter-back">
        <span className="flex items-center gap-2">
          <Icon name="chevronLeft" className="size-4" />
          {t(group.labelKey)}
        </span>
      </MenuRow>
      {group.values.length > SEARCH_FROM && (
        <div className="px-1 py-1">
          <input
            type="search"
            value={search}
            autoFocus
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t('LabelSearch')}
            aria-label={t('LabelSearch')}
            className="h-9 w-full rounded-lg border border-border bg-bg px-3 text-sm text-fg outline-none focus:border-primary"
          />
        </div>
      )}
      <div className="max-h-80 overflow-y-auto border-t border-border pt-1">
        {shown.map((entry) => (
          <MenuRow
            key={entry.value}
            selected={active?.group === group.group && active.value === entry.value}
            onClick={() => choose(filterBy(group.group, entry.value))}
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
      </div>
    </div>
  )
}
