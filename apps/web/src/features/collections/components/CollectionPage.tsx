import type { Collection } from '@shelfcast/contracts'
import { isAdminOrUp } from '@shelfcast/contracts/client'
import { useMemo } from 'react'
import { useTranslation } from 'react-i18next'
import { useParams } from 'react-router'
import { Button, Icon } from '@/components/ui/index.ts'
import { openRssFeedModal } from '@/lib/rss-feed-modal.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { useCollection } from '../api.ts'
import { useCollectionActions } from '../hooks/useCollectionActions.ts'
import { collectionView } from '../model/list-view.ts'
import { ListQueryPage, NamedListPage } from './NamedListPage.tsx'

/** /collection/:id */
export function CollectionPage() {
  const { id = '' } = useParams()
  return (
    <ListQueryPage kind="collection" query={useCollection(id)}>
      {(collection) => <CollectionDetails collection={collection} />}
    </ListQueryPage>
  )
}

/**
 * Editing and removing books need the update permission, deleting the collection the delete permission;
 * its RSS feed is for admins (spec §6).
 */
function CollectionDetails({ collection }: { collection: Collection }) {
  const { t } = useTranslation()
  const permissions = useSessionStore((s) => s.user?.permissions)
  const isAdmin = useSessionStore((s) => (s.user ? isAdminOrUp(s.user.type) : false))
  const list = useMemo(() => collectionView(collection), [collection])
  const actions = useCollectionActions(collection)
  return (
    <NamedListPage
      list={list}
      actions={actions}
      permissions={{
        canEdit: !!permissions?.update,
        canRemoveEntries: !!permissions?.update,
        canDelete: !!permissions?.delete,
      }}
      extraActions={
        isAdmin && (
          <Button
            variant="secondary"
            onClick={() =>
              openRssFeedModal({
                entityType: 'collection',
                entityId: collection.id,
                title: collection.name,
                feed: collection.rssFeed ?? null,
              })
            }
            data-testid="collection-rss-feed"
          >
            <Icon name="rss" className={collection.rssFeed ? 'size-4 text-warning' : 'size-4'} />
            {t(collection.rssFeed ? 'ButtonRSSFeedOpen' : 'ButtonOpenRSSFeed')}
          </Button>
        )
      }
    />
  )
}
