import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { DataTable, EmptyPanel, IconButton, PageHeader, QueryView } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useMetaValues, useRemoveMetaValue, useRenameMetaValue } from '../api.ts'
import { filterNames } from '../model/meta-kinds.ts'
import { MetaValueDialogs, type MetaValueAction } from './MetaValueDialogs.tsx'
import { formatNumber } from '@/lib/format.ts'

const pageKeys = {
  tag: { title: 'HeaderManageTags', filter: 'LabelFilterTags', empty: 'MessageNoTags', name: 'LabelTag' },
  genre: {
    title: 'HeaderManageGenres',
    filter: 'LabelFilterGenres',
    empty: 'MessageNoGenres',
    name: 'LabelGenre',
  },
} as const

/** /config/item-metadata-utils/tags and /genres: every value with its item count; rename or remove each. */
export function MetaValuesPage({ kind }: { kind: 'tag' | 'genre' }) {
  const { t } = useTranslation()
  const keys = pageKeys[kind]
  const query = useMetaValues(kind)
  const rename = useRenameMetaValue(kind)
  const remove = useRemoveMetaValue(kind)
  const [search, setSearch] = useState('')
  const [action, setAction] = useState<MetaValueAction>(null)

  const values = query.data ?? []
  const names = values.map((v) => v.name)
  const shown = new Set(filterNames(names, search))

  return (
    <div>
      <PageHeader
        title={t(keys.title)}
        action={
          <input
            type="search"
            value={search}
            onChange={(event) => setSearch(event.target.value)}
            placeholder={t(keys.filter)}
            aria-label={t(keys.filter)}
            data-testid="meta-values-filter"
            className="h-10 w-full rounded-lg border border-border bg-surface px-3 text-sm text-fg outline-none focus:border-primary sm:w-64"
          />
        }
      />
      <QueryView
        pending={query.isPending}
        error={query.isError ? errorMessage(query.error, t, 'ToastFailedToLoadData') : null}
        loadingLabel={t('MessageLoading')}
        empty={values.length === 0 && <EmptyPanel icon="layers">{t(keys.empty)}</EmptyPanel>}
      >
        <DataTable
          testId="meta-values-table"
          minWidthClass="min-w-[18rem]"
          columns={[t(keys.name), <span className="block text-end">{t('LabelItems')}</span>]}
          actionsLabel={t('LabelActions')}
        >
          {values
            .filter((v) => shown.has(v.name))
            .map((value) => (
              <tr key={value.name} data-testid="meta-value-row">
                <td className="max-w-0 px-4 py-2.5 font-medium break-words">{value.name}</td>
                <td className="w-20 px-4 py-2.5 text-end tabular-nums text-muted">
                  {formatNumber(value.count)}
                </td>
                <td className="w-24 px-2 py-1.5 text-end whitespace-nowrap">
                  <IconButton
                    icon="edit"
                    label={t('ButtonRenameValue', { name: value.name })}
                    title={t('ButtonRename')}
                    onClick={() => setAction({ type: 'rename', name: value.name })}
                  />
                  <IconButton
                    icon="trash"
                    tone="danger"
                    label={t('ButtonRemoveValue', { name: value.name })}
                    title={t('ButtonRemove')}
                    onClick={() => setAction({ type: 'remove', name: value.name })}
                  />
                </td>
              </tr>
            ))}
        </DataTable>
      </QueryView>
      <MetaValueDialogs
        kind={kind}
        names={names}
        action={action}
        onDone={() => setAction(null)}
        rename={(from, to) => rename.mutateAsync({ from, to })}
        remove={(name) => remove.mutateAsync(name)}
      />
    </div>
  )
}

export function TagsPage() {
  return <MetaValuesPage kind="tag" />
}

export function GenresPage() {
  return <MetaValuesPage kind="genre" />
}
