import { useEpisodeModals } from '@/lib/episode-modals.ts'
import { EpisodeEditModal } from './EpisodeEditModal.tsx'
import { EpisodeViewModal } from './EpisodeViewModal.tsx'
import { RemoveEpisodesModal } from './RemoveEpisodesModal.tsx'

/** The episode view, edit and remove modals, mounted once by the main layout (spec §2 global modals). */
export function EpisodeModals() {
  const view = useEpisodeModals((s) => s.view)
  const edit = useEpisodeModals((s) => s.edit)
  const remove = useEpisodeModals((s) => s.remove)
  return (
    <>
      {view && <EpisodeViewModal key={`${view.libraryItemId}/${view.episodeId}`} target={view} />}
      {edit && <EpisodeEditModal key={edit.libraryItemId} target={edit} />}
      {remove && <RemoveEpisodesModal request={remove} />}
    </>
  )
}
