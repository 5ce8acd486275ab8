import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import type { EditableItem } from '../api.ts'

/** Whether the book is a single M4B/M4A file (it can be split, not merged). */
function isSingleM4b(item: EditableItem): boolean {
  if (item.mediaType !== 'book') return false
  const files = item.media.audioFiles.filter((f) => !f.exclude)
  return files.length === 1 && ['.m4b', '.m4a'].includes(files[0]!.metadata.ext.toLowerCase())
}

interface ToolEntry {
  tool: 'm4b' | 'embed'
  titleKey: string
  descriptionKey: string
  buttonKey: string
  testId: string
}

/**
 * The tools tab (spec §2: books, admins, not for missing items): what each audio tool does and a way to it, on
 * the manage page (a single-M4B book is offered the split instead of the encoder).
 */
export function ToolsTab({ item, onNavigate }: { item: EditableItem; onNavigate: () => void }) {
  const { t } = useTranslation()
  const entries: ToolEntry[] = [
    isSingleM4b(item)
      ? {
          tool: 'm4b',
          titleKey: 'LabelToolsSplitM4b',
          descriptionKey: 'LabelToolsSplitM4bDescription',
          buttonKey: 'ButtonOpenManager',
          testId: 'tools-split',
        }
      : {
          tool: 'm4b',
          titleKey: 'LabelToolsMakeM4b',
          descriptionKey: 'LabelToolsMakeM4bDescription',
          buttonKey: 'ButtonOpenManager',
          testId: 'tools-m4b',
        },
    {
      tool: 'embed',
      titleKey: 'LabelToolsEmbedMetadata',
      descriptionKey: 'LabelToolsEmbedMetadataDescription',
      buttonKey: 'ButtonOpenManager',
      testId: 'tools-embed',
    },
  ]
  return (
    <ul className="flex flex-col gap-3" data-testid="tools-tab">
      {entries.map((entry) => (
        <li
          key={entry.testId}
          className="flex flex-wrap items-center gap-3 rounded-xl border border-border bg-surface p-4"
        >
          <div className="min-w-0 flex-1 basis-60">
            <h3 className="font-semibold">{t(entry.titleKey)}</h3>
            <p className="mt-1 text-sm text-muted">{t(entry.descriptionKey)}</p>
          </div>
          <Link
            to={`/audiobook/${item.id}/manage?tool=${entry.tool}`}
            onClick={onNavigate}
            data-testid={entry.testId}
            className="inline-flex h-10 items-center rounded-lg bg-primary px-4 text-sm font-semibold text-primary-fg shadow-sm hover:brightness-110"
          >
            {t(entry.buttonKey)}
          </Link>
        </li>
      ))}
    </ul>
  )
}
