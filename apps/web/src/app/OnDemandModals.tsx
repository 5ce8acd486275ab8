import { Suspense, useState, type ComponentType } from 'react'
import { useAddToListModal } from '../lib/add-to-list-modal.ts'
import { useAuthorEditModal } from '../lib/author-edit-modal.ts'
import { useVersionNotice } from '../lib/version-notice.ts'
import { useEpisodeModals } from '../lib/episode-modals.ts'
import { useEreader } from '../lib/ereader.ts'
import { useFindEpisodesModal } from '../lib/find-episodes-modal.ts'
import { useItemEditModal } from '../lib/item-edit-modal.ts'
import { lazyComponent } from '../lib/lazy-component.ts'
import { useShareModal } from '../lib/share-modal.ts'
import { useRssFeedModal } from '../lib/rss-feed-modal.ts'

const ItemEditModal = lazyComponent(() => import('../features/item-edit/on-demand.ts'), 'ItemEditModal')
const ItemDeletePrompt = lazyComponent(() => import('../features/item-edit/on-demand.ts'), 'ItemDeletePrompt')
const AddToListModals = lazyComponent(() => import('../features/collections/on-demand.ts'), 'AddToListModals')
const AuthorEditModal = lazyComponent(() => import('../features/author-edit/index.ts'), 'AuthorEditModal')
const EpisodeModals = lazyComponent(() => import('../features/podcasts/on-demand.ts'), 'EpisodeModals')
const RssFeedModal = lazyComponent(() => import('../features/rss-feeds/on-demand.ts'), 'RssFeedModal')
const EbookReader = lazyComponent(() => import('../features/reader/on-demand.ts'), 'EbookReader')
const ShareModals = lazyComponent(() => import('../features/shares/on-demand.ts'), 'ShareModals')
const ChangelogModal = lazyComponent(() => import('../features/updates/on-demand.ts'), 'ChangelogModal')
const FindEpisodesModal = lazyComponent(
  () => import('../features/podcasts/on-demand.ts'),
  'FindEpisodesModal',
)

/**
 * Mounts a globally opened modal once its store first asks for it, so its code is fetched on that first
 * open, not on the first load. It then stays mounted (closed by its own store) to keep its closing behaviour.
 */
function WhenFirstOpened({ open, Modal }: { open: boolean; Modal: ComponentType }) {
  const [opened, setOpened] = useState(open)
  if (open && !opened) setOpened(true)
  if (!opened) return null
  return (
    <Suspense fallback={null}>
      <Modal />
    </Suspense>
  )
}

/**
 * The app's globally mounted modals (item edit, delete, add to list, author edit, episodes, share, RSS feed, changelog) and the ebook reader,
 * fetched on demand.
 */
export function OnDemandModals() {
  const editOpen = useItemEditModal((s) => s.showEditModal)
  const deleteOpen = useItemEditModal((s) => s.deleteRequest !== null)
  const addToListOpen = useAddToListModal((s) => s.request !== null)
  const authorOpen = useAuthorEditModal((s) => s.authorId !== null)
  const episodeOpen = useEpisodeModals((s) => s.view !== null || s.edit !== null || s.remove !== null)
  const findOpen = useFindEpisodesModal((s) => s.libraryItemId !== null)
  const readerOpen = useEreader((s) => s.request !== null)
  const shareOpen = useShareModal((s) => s.libraryItemId !== null)
  const rssFeedOpen = useRssFeedModal((s) => s.target !== null)
  const changelogOpen = useVersionNotice((s) => s.changelogOpen)
  return (
    <>
      <WhenFirstOpened open={editOpen} Modal={ItemEditModal.Component} />
      <WhenFirstOpened open={deleteOpen} Modal={ItemDeletePrompt.Component} />
      <WhenFirstOpened open={addToListOpen} Modal={AddToListModals.Component} />
      <WhenFirstOpened open={authorOpen} Modal={AuthorEditModal.Component} />
      <WhenFirstOpened open={episodeOpen} Modal={EpisodeModals.Component} />
      <WhenFirstOpened open={findOpen} Modal={FindEpisodesModal.Component} />
      <WhenFirstOpened open={readerOpen} Modal={EbookReader.Component} />
      <WhenFirstOpened open={shareOpen} Modal={ShareModals.Component} />
      <WhenFirstOpened open={rssFeedOpen} Modal={RssFeedModal.Component} />
      <WhenFirstOpened open={changelogOpen} Modal={ChangelogModal.Component} />
    </>
  )
}
