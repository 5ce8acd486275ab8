import { useTranslation } from 'react-i18next'
import { Link } from 'react-router'
import { Icon, PageHeader, type IconName } from '@/components/ui/index.ts'

const tools: { to: string; labelKey: string; icon: IconName }[] = [
  { to: '/config/item-metadata-utils/tags', labelKey: 'HeaderManageTags', icon: 'layers' },
  { to: '/config/item-metadata-utils/genres', labelKey: 'HeaderManageGenres', icon: 'layers' },
  {
    to: '/config/item-metadata-utils/custom-metadata-providers',
    labelKey: 'HeaderCustomMetadataProviders',
    icon: 'database',
  },
]

/** /config/item-metadata-utils: the tools that change item metadata across libraries (Audiobookshelf's page). */
export function ItemMetadataUtilsPage() {
  const { t } = useTranslation()
  return (
    <div>
      <PageHeader title={t('HeaderItemMetadataUtils')} description={t('MessageItemMetadataUtilsHelp')} />
      <ul className="mt-6 divide-y divide-border overflow-hidden rounded-2xl border border-border bg-surface">
        {tools.map((tool) => (
          <li key={tool.to}>
            <Link
              to={tool.to}
              className="flex items-center gap-3 px-4 py-3 text-sm font-medium text-fg hover:bg-surface-raised focus-visible:bg-surface-raised"
            >
              <Icon name={tool.icon} className="size-4 text-muted" />
              <span className="flex-1">{t(tool.labelKey)}</span>
              <Icon name="chevronRight" className="size-4 text-muted" />
            </Link>
          </li>
        ))}
      </ul>
    </div>
  )
}
