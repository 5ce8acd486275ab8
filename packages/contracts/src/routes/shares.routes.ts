import { z } from 'zod'
import {
  CreateShareRequest,
  MediaItemShare,
  PublicSharePage,
  PublicSharePageQuery,
  ShareProgressRequest,
} from '../shares.ts'
import { defineRoute, rawAnswer } from './route.ts'

const tag = 'Shares'

/** A share's slug in a public path: bounded here, refused as 404 by the module when it is not a slug. */
const slugParam = z.string().min(1).max(200)
const publicErrors = { 400: 'Bad parameters', 404: 'No such share, or it expired' } as const

/**
 * Public share links of books (modules/shares): admins create and delete them; anyone with the slug reads
 * the page data, tracks, cover and (when allowed) download under `/public/share/:slug`, each request checking
 * that the share still exists and has not expired.
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
  page: defineRoute({
    method: 'GET',
    path: '/public/share/:slug',
    tag,
    summary:
      "A share's page data and the visitor's playback session (the `share_session_id` cookie; `?t=` start time)",
    access: 'public',
    params: z.object({ slug: slugParam }),
    query: PublicSharePageQuery,
    answer: PublicSharePage,
    errors: publicErrors,
  }),
  track: defineRoute({
    method: 'GET',
    path: '/public/share/:slug/track/:index',
    tag,
    summary: "One of the shared book's audio tracks (1-based index; byte ranges)",
    access: 'public',
    params: z.object({ slug: slugParam, index: z.string().max(20) }),
    answer: rawAnswer.bytes('audio/*', "The track's audio file"),
    errors: publicErrors,
  }),
  cover: defineRoute({
    method: 'GET',
    path: '/public/share/:slug/cover',
    tag,
    summary: "The shared book's cover",
    access: 'public',
    params: z.object({ slug: slugParam }),
    answer: rawAnswer.bytes('image/*', 'The cover image'),
    errors: { ...publicErrors, 404: 'No such share, it expired, or the book has no cover' },
  }),
  download: defineRoute({
    method: 'GET',
    path: '/public/share/:slug/download',
    tag,
    summary: 'The shared book as a file (one file) or a streamed zip (several), when the share allows it',
    access: 'public',
    params: z.object({ slug: slugParam }),
    answer: rawAnswer.bytes('application/zip, audio/*', 'The book'),
    errors: { ...publicErrors, 403: 'The share does not allow downloads' },
  }),
  progress: defineRoute({
    method: 'PATCH',
    path: '/public/share/:slug/progress',
    tag,
    summary: "Saves the anonymous share session's position (clamped to the book's duration)",
    access: 'public',
    params: z.object({ slug: slugParam }),
    body: ShareProgressRequest,
    answer: rawAnswer.empty('Saved'),
    status: 204,
    errors: {
      ...publicErrors,
      403: 'Sent from another site (the cookie alone is not enough)',
      404: 'No such share, it expired, or no share session (cookie) for it',
    },
  }),
} as const
