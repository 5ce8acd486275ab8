import { z } from 'zod'
import {
  AuthorDetail,
  AuthorImageRequest,
  AuthorImageResponse,
  AuthorQuery,
  AuthorsListQuery,
  AuthorsListResponse,
  NarratorsResponse,
  UpdateAuthorRequest,
  UpdateAuthorResponse,
} from '../browse.ts'
import { CoverQuery } from '../items.ts'
import { defineRoute, rawAnswer } from './route.ts'

const tag = 'Authors'

/** Authors and narrators of a library, author images, and changing authors (modules/authors). */
export const authorRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/libraries/:id/authors',
    tag,
    summary: "A library's authors with their book counts: every one as {authors}, or a page with `limit`",
    query: AuthorsListQuery,
    answer: AuthorsListResponse,
    errors: { 400: 'Bad sort or paging', 404: 'No such library, or not accessible' },
  }),
  narrators: defineRoute({
    method: 'GET',
    path: '/api/libraries/:id/narrators',
    tag,
    summary: "A library's narrators with their book counts",
    answer: NarratorsResponse,
    errors: { 404: 'No such library, or not accessible' },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/authors/:id',
    tag,
    summary: 'One author; include=items,series adds their books and series (of `library` when given)',
    query: AuthorQuery,
    answer: AuthorDetail,
    errors: { 404: 'No such author, or not accessible' },
  }),
  image: defineRoute({
    method: 'GET',
    path: '/api/authors/:id/image',
    tag,
    summary: "An author's image, resized to a few steps (or raw); public, as in Audiobookshelf",
    access: 'public',
    query: CoverQuery,
    answer: rawAnswer.bytes('image/webp, image/jpeg, image/png', 'The author image'),
    errors: { 404: 'No such author, or it has no image' },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/authors/:id',
    tag,
    summary: 'Renames an author (merging onto an existing one of that name), or sets its ASIN or description',
    permission: 'update',
    body: UpdateAuthorRequest,
    answer: UpdateAuthorResponse,
    errors: { 400: 'Empty name or bad field', 404: 'No such author, or not accessible' },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/authors/:id',
    tag,
    summary: 'Removes an author from every book it is credited on, then deletes it',
    permission: 'delete',
    answer: z.object({}),
    errors: { 404: 'No such author, or not accessible' },
  }),
  setImage: defineRoute({
    method: 'POST',
    path: '/api/authors/:id/image',
    tag,
    summary: "Sets an author's image from an http(s) URL the server downloads",
    permission: 'upload',
    body: AuthorImageRequest,
    answer: AuthorImageResponse,
    errors: { 400: 'Bad URL, or the image could not be fetched', 404: 'No such author, or not accessible' },
  }),
  removeImage: defineRoute({
    method: 'DELETE',
    path: '/api/authors/:id/image',
    tag,
    summary: "Removes an author's image",
    permission: 'delete',
    answer: AuthorImageResponse,
    errors: { 404: 'No such author, or not accessible' },
  }),
} as const
