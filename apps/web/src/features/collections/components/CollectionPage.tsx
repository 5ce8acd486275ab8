import type { Collection } from '@shelfcast/contracts'
import { useMemo } from 'react'
import { useParams } from 'react-router'
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

/** Editing and removing books need the update permission, deleting the collection the delete permission. */
function CollectionDetails({ collection }: { collection: Collection }) {
  const permissions = useSessionStore((s) => s.user?.permissions)
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
    />
  )
}
