import {
  CreatePlaylistRequest,
  NamedListQuery,
  NamedListsQuery,
  PlaylistBatchRequest,
  PlaylistEntryRef,
  UpdatePlaylistRequest,
} from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { parseInput } from '../../http/parse.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })
const EntryParams = IdParams.extend({
  libraryItemId: z.string().min(1).max(100),
  episodeId: z.string().min(1).max(100).optional(),
})
const CollectionParams = z.object({ collectionId: z.string().min(1).max(100) })

/** Playlists are their owner's alone: every route answers 404 for anyone else's. */
export function registerPlaylistsRoutes(app: FastifyInstance, ctx: AppContext) {
  const playlists = ctx.playlists

  app.get('/api/libraries/:id/playlists', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    const q = parseInput(NamedListsQuery, request.query)
    const user = requireAuth(request).user
    return playlists.list(user, await ctx.libraries.getFor(user, id), q)
  })

  app.get('/api/playlists', async (request) => {
    const q = parseInput(NamedListQuery, request.query)
    const { results } = await playlists.list(requireAuth(request).user, null, {
      minified: q.minified ?? false,
    })
    return { playlists: results }
  })

  app.get('/api/playlists/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    const q = parseInput(NamedListQuery, request.query)
    return playlists.get(requireAuth(request).user, id, q.minified ?? false, q.limit)
  })

  app.post('/api/playlists', async (request) => {
    return playlists.create(requireAuth(request).user, parseInput(CreatePlaylistRequest, request.body))
  })

  app.post('/api/playlists/collection/:collectionId', async (request) => {
    const { collectionId } = parseInput(CollectionParams, request.params)
    return playlists.createFromCollection(requireAuth(request).user, collectionId)
  })

  app.patch('/api/playlists/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return playlists.update(requireAuth(request).user, id, parseInput(UpdatePlaylistRequest, request.body))
  })

  app.delete('/api/playlists/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    await playlists.remove(requireAuth(request).user, id)
    return {}
  })

  app.post('/api/playlists/:id/item', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return playlists.addEntries(requireAuth(request).user, id, [parseInput(PlaylistEntryRef, request.body)])
  })

  app.delete('/api/playlists/:id/item/:libraryItemId/:episodeId?', async (request) => {
    const { id, libraryItemId, episodeId } = parseInput(EntryParams, request.params)
    return (
      (await playlists.removeEntries(requireAuth(request).user, id, [{ libraryItemId, episodeId }])) ?? {}
    )
  })

  app.post('/api/playlists/:id/batch/add', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return playlists.addEntries(
      requireAuth(request).user,
      id,
      parseInput(PlaylistBatchRequest, request.body).items,
    )
  })

  app.post('/api/playlists/:id/batch/remove', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return (
      (await playlists.removeEntries(
        requireAuth(request).user,
        id,
        parseInput(PlaylistBatchRequest, request.body).items,
      )) ?? {}
    )
  })
}
