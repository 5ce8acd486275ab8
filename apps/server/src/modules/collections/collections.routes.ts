import {
  CollectionBatchRequest,
  CollectionBookRequest,
  CreateCollectionRequest,
  NamedListQuery,
  NamedListsQuery,
  UpdateCollectionRequest,
} from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { parseInput } from '../../http/parse.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })
const BookParams = IdParams.extend({ bookId: z.string().min(1).max(100) })

export function registerCollectionsRoutes(app: FastifyInstance, ctx: AppContext) {
  const collections = ctx.collections

  app.get('/api/libraries/:id/collections', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    const q = parseInput(NamedListsQuery, request.query)
    const user = requireAuth(request).user
    return collections.listForLibrary(user, await ctx.libraries.getFor(user, id), q)
  })

  app.get('/api/collections', async (request) => {
    const q = parseInput(NamedListQuery, request.query)
    return { collections: await collections.listAll(requireAuth(request).user, q.minified ?? false) }
  })

  app.get('/api/collections/:id', async (request) => {
    const { id } = parseInput(IdParams, request.params)
    const q = parseInput(NamedListQuery, request.query)
    return collections.get(requireAuth(request).user, id, q.minified ?? false, q.limit)
  })

  app.post('/api/collections', { config: { permission: 'update' } }, async (request) => {
    return collections.create(requireAuth(request).user, parseInput(CreateCollectionRequest, request.body))
  })

  app.patch('/api/collections/:id', { config: { permission: 'update' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return collections.update(
      requireAuth(request).user,
      id,
      parseInput(UpdateCollectionRequest, request.body),
    )
  })

  app.delete('/api/collections/:id', { config: { permission: 'delete' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    await collections.remove(requireAuth(request).user, id)
    return {}
  })

  app.post('/api/collections/:id/book', { config: { permission: 'update' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    const body = parseInput(CollectionBookRequest, request.body)
    return collections.addBooks(requireAuth(request).user, id, [body.id])
  })

  app.delete('/api/collections/:id/book/:bookId', { config: { permission: 'update' } }, async (request) => {
    const { id, bookId } = parseInput(BookParams, request.params)
    return collections.removeBooks(requireAuth(request).user, id, [bookId])
  })

  app.post('/api/collections/:id/batch/add', { config: { permission: 'update' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return collections.addBooks(
      requireAuth(request).user,
      id,
      parseInput(CollectionBatchRequest, request.body).books,
    )
  })

  app.post('/api/collections/:id/batch/remove', { config: { permission: 'update' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return collections.removeBooks(
      requireAuth(request).user,
      id,
      parseInput(CollectionBatchRequest, request.body).books,
    )
  })
}
