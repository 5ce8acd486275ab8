import {
  AuthorMatchRequest,
  BatchQuickMatchRequest,
  CreateCustomMetadataProviderRequest,
  MatchItemRequest,
  SearchAuthorsQuery,
  SearchBooksQuery,
  SearchChaptersQuery,
  SearchCoversQuery,
  SearchPodcastQuery,
} from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { z } from 'zod'
import type { AppContext } from '../../context.ts'
import { requireAuth } from '../../http/auth-guard.ts'
import { badRequest } from '../../http/errors.ts'
import { parseInput } from '../../http/parse.ts'
import { orNullWhenUnknown } from './audnexus.client.ts'

const IdParams = z.object({ id: z.string().min(1).max(100) })
/** Audiobookshelf's default when a search names no provider. */
const DEFAULT_PROVIDER = 'google'

/** Provider searches, matching of items and authors, and the admin's custom providers. */
export function registerMetadataProvidersRoutes(app: FastifyInstance, ctx: AppContext) {
  const { providers, customProviders, itemMatch, authorMatch } = ctx.metadata

  app.get('/api/search/providers', async () => providers.list())

  app.get('/api/search/books', async (request) => {
    const q = parseInput(SearchBooksQuery, request.query)
    const defaults = q.id && !q.title ? await itemMatch.searchDefaults(requireAuth(request).user, q.id) : null
    const title = q.title || defaults?.title || ''
    if (!title) throw badRequest('Title is required')
    return providers.searchBooks(q.provider ?? DEFAULT_PROVIDER, {
      title,
      author: q.author || defaults?.author || null,
    })
  })

  app.get('/api/search/covers', async (request) => {
    const q = parseInput(SearchCoversQuery, request.query)
    const results = q.podcast
      ? await providers.searchPodcastCovers(q.title)
      : await providers.searchCovers(q.provider ?? DEFAULT_PROVIDER, {
          title: q.title,
          author: q.author || null,
        })
    return { results }
  })

  app.get('/api/search/podcast', async (request) => {
    const q = parseInput(SearchPodcastQuery, request.query)
    return providers.itunes.searchPodcasts(q.term, q.country)
  })

  app.get('/api/search/authors', async (request) => {
    const q = parseInput(SearchAuthorsQuery, request.query)
    return authorMatch.search(q.q, q.region)
  })

  app.get('/api/search/chapters', async (request) => {
    const q = parseInput(SearchChaptersQuery, request.query)
    return (
      (await orNullWhenUnknown(providers.audnexus.chapters(q.asin, q.region))) ?? {
        error: 'Chapters not found',
      }
    )
  })

  app.post('/api/items/:id/match', { config: { permission: 'update' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return itemMatch.matchItem(requireAuth(request).user, id, parseInput(MatchItemRequest, request.body))
  })

  app.post(
    '/api/items/batch/quickmatch',
    { config: { access: 'admin', permission: 'update' } },
    async (request) => {
      const { options, libraryItemIds } = parseInput(BatchQuickMatchRequest, request.body)
      await itemMatch.startBatch(requireAuth(request).user, libraryItemIds, options)
      return { success: true }
    },
  )

  app.get('/api/libraries/:id/matchall', { config: { access: 'admin' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    await itemMatch.startLibrary(requireAuth(request).user, id)
    return { success: true }
  })

  app.post('/api/authors/:id/match', { config: { permission: 'update' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    return authorMatch.match(requireAuth(request).user, id, parseInput(AuthorMatchRequest, request.body))
  })

  app.get('/api/custom-metadata-providers', { config: { access: 'admin' } }, async () => ({
    providers: await customProviders.list(),
  }))

  app.post('/api/custom-metadata-providers', { config: { access: 'admin' } }, async (request) => ({
    provider: await customProviders.create(parseInput(CreateCustomMetadataProviderRequest, request.body)),
  }))

  app.delete('/api/custom-metadata-providers/:id', { config: { access: 'admin' } }, async (request) => {
    const { id } = parseInput(IdParams, request.params)
    await customProviders.remove(id)
    return {}
  })

  // Background matches finish (or stop after their current item) before the database closes.
  app.addHook('preClose', async () => {
    await itemMatch.stop()
  })
}
