import { z } from 'zod'
import { defineRoute, rawAnswer } from './route.ts'

const tag = 'Comics'

/** One page of a comic archive: its place in reading order, its entry name, size and image type. */
export const ComicPage = z.object({
  /** 0-based place in reading order (natural sort of the entry names); the `:index` of the page route. */
  index: z.number().int().min(0),
  name: z.string(),
  /** Uncompressed bytes, as the archive declares them. */
  size: z.number().int().min(0),
  mimeType: z.string(),
})
export type ComicPage = z.infer<typeof ComicPage>

export const ComicPagesResponse = z.object({ pages: z.array(ComicPage) })
export type ComicPagesResponse = z.infer<typeof ComicPagesResponse>

/** `?fileid=<ino>`: a supplementary comic of the item; without it, the item's ebook file. */
const ComicFileQuery = z.object({ fileid: z.string().min(1).max(40).optional() })

const unreadable =
  'Not a comic archive the server can read: empty, truncated, damaged, encrypted, too many entries, or a zip bomb'

/**
 * Comic pages served one at a time from a CBZ or CBR (modules/comic-pages): the reader shows page 1 without the
 * archive ever being unpacked. Our extension: Audiobookshelf reads comics in the client, so the paths stay apart.
 */
export const comicPageRoutes = {
  pages: defineRoute({
    method: 'GET',
    path: '/api/items/:id/comic-pages',
    tag,
    summary: "The image pages of an item's comic (CBZ or CBR), in reading order",
    query: ComicFileQuery,
    answer: ComicPagesResponse,
    errors: { 404: 'No such item or comic file, or not accessible', 422: unreadable },
  }),
  page: defineRoute({
    method: 'GET',
    path: '/api/items/:id/comic-pages/:index',
    tag,
    summary: 'One page of a comic as an image (for <img>: the token may be a query parameter)',
    queryToken: true,
    params: z.object({ id: z.string().min(1).max(200), index: z.string().regex(/^\d{1,6}$/) }),
    query: ComicFileQuery,
    answer: rawAnswer.bytes('image/jpeg, image/png, image/webp, image/gif, image/avif', 'The page image'),
    errors: {
      400: 'The index is not a number',
      404: 'No such item, comic file or page, or not accessible',
      422: unreadable,
    },
  }),
} as const
