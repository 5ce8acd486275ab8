import { z } from 'zod'
import { CreateShareRequest, MediaItemShare } from '../shares.ts'
import { defineRoute, rawAnswer } from './route.ts'

const tag = 'Shares'

/**
 * Public share links of books (modules/shares). The public routes under `/public/share/:slug` (page data,
 * tracks, cover, download, progress) are declared with them by the module.
 */
export const shareRoutes = {
  create: defineRoute({
    method: 'POST',
    path: '/api/share/mediaitem',
    tag,
    summary: 'Shares a book by a public link (one active share per book)',
    access: 'admin',
    body: CreateShareRequest,
    answer: MediaItemShare,
    status: 201,
    errors: {
      400: 'Slug missing or invalid, or an expiry in the past',
      404: 'No such book for the caller',
      409: 'The slug is taken, or the book is already shared',
    },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/share/mediaitem/:id',
    tag,
    summary: 'Deletes a share: its page, tracks and downloads answer 404 at once',
    access: 'admin',
    params: z.object({ id: z.string().min(1).max(200) }),
    answer: rawAnswer.empty('Deleted'),
    status: 204,
    errors: { 404: 'No such share' },
  }),
} as const
