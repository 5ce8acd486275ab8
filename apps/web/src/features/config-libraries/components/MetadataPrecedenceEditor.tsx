import { metadataSources } from '@shelfcast/contracts/client'
import { useTranslation } from 'react-i18next'
import { Button, Checkbox } from '@/components/ui/index.ts'
import {
  metadataSourceKeys,
  precedenceFromRows,
  precedenceRows,
  type MetadataSource,
  type PrecedenceRow,
} from '../model/metadata-precedence.ts'
import { ReorderableList } from './ReorderableList.tsx'

/** Which metadata sources the scanner reads and which wins: highest priority on top. */
export function MetadataPrecedenceEditor({
  value,
  onChange,
  defaultValue = metadataSources,
  testId = 'metadata-precedence',
}: {
  value: readonly MetadataSource[]
  onChange: (next: MetadataSource[]) => void
  /** What "Reset to default" restores: the server's default for a library, every source in order for it. */
  defaultValue?: readonly MetadataSource[]
  testId?: string
}) {
  const { t } = useTranslation()
  const rows = precedenceRows(value)
  const set = (next: PrecedenceRow[]) => onChange(precedenceFromRows(next))

  return (
    <section className="flex flex-col gap-3">
      <div className="flex items-start justify-between gap-3">
        <div>
          <h3 className="text-sm font-semibold">{t('HeaderMetadataOrderOfPrecedence')}</h3>
          <p className="text-xs text-muted">{t('MessageMetadataPrecedenceHelp')}</p>
        </div>
        <Button variant="ghost" className="h-8 px-2 text-xs" onClick={() => onChange([...defaultValue])}>
          {t('ButtonResetToDefault')}
        </Button>
      </div>
      <ReorderableList
        testId={testId}
        label={t('HeaderMetadataOrderOfPrecedence')}
        items={rows}
        keyOf={(row) => row.source}
        nameOf={(row) => t(metadataSourceKeys[row.source])}
        onMove={set}
        renderItem={(row, index) => (
          <div className="flex items-center gap-3">
            <span className="w-5 text-end text-xs font-semibold text-muted tabular-nums">
              {row.included ? index + 1 : ''}
            </span>
            <Checkbox
              checked={row.included}
              label={t(metadataSourceKeys[row.source])}
              onChange={(included) =>
                set(rows.map((r) => (r.source === row.source ? { ...r, included } : r)))
              }
            />
          </div>
        )}
      />
    </section>
  )
}
