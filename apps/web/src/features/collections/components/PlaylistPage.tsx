import type { Playlist } from '@shelfcast/contracts'
import { useMemo } from 'react'
import { useParams } from 'react-router'
import { useSessionStore } from '@/lib/session-store.ts'
import { usePlaylist } from '../api.ts'
import { usePlaylistActions } from '../hooks/usePlaylistActions.ts'
import { playlistView } from '../model/list-view.ts'
import { ListQueryPage, NamedListPage } from './NamedListPage.tsx'

/** /playlist/:id: only its owner sees it (the server answers 404 to anyone else). */
export function PlaylistPage() {
  const { id = '' } = useParams()
  return (
    <ListQueryPage kind="playlist" query={usePlaylist(id)}>
      {(playlist) => <PlaylistDetails playlist={playlist} />}
    </ListQueryPage>
  )
}

/** The owner edits it; the Remove button also needs the delete permission (spec §6). */
function PlaylistDetails({ playlist }: { playlist: Playlist }) {
  const user = useSessionStore((s) => s.user)
  const list = useMemo(() => playlistView(playlist), [playlist])
  const actions = usePlaylistActions(playlist)
  const isOwner = user?.id === playlist.userId
  return (
    <NamedListPage
      list={list}
      actions={actions}
      permissions={{
        canEdit: isOwner,
        canRemoveEntries: isOwner,
        canDelete: isOwner && !!user?.permissions.delete,
      }}
    />
  )
}
