import path from 'node:path'
import {
  authorSortKeys,
  MAX_PAGE_SIZE,
  type AuthorDetail,
  type AuthorSortKey,
  type AuthorsListResponse,
  type AuthorWithCount,
  type Library,
  type NarratorsResponse,
} from '@shelfcast/contracts'
import { regularFileInside } from '../../files/contained-path.ts'
import { badRequest, notFound } from '../../http/errors.ts'
import { CoverImages, type CoverFormat } from '../library-items/cover-images.ts'
import { restrictsItemsWithinLibrary } from '../library-items/item-visibility.ts'
import type { CoverAnswer, ItemsService } from '../library-items/items.service.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import { effectiveLimit } from '../listing/listing-query.ts'
import type { UserRecord } from '../users/users.model.ts'
import type { AuthorRow, AuthorsRepository } from './authors.repository.ts'

export const toAuthorJson = (a: AuthorRow): AuthorWithCount => ({
  id: a.id,
  asin: a.asin,
  name: a.name,
  description: a.description,
  imagePath: a.image_path,
  libraryId: a.library_id,
  addedAt: a.added_at,
  updatedAt: a.updated_at,
  numBooks: Number(a.num_books),
  lastFirst: a.last_first,
})

/** base64 of a narrator's name: the id the narrator routes take. */
export const narratorId = (name: string) => Buffer.from(name, 'utf8').toString('base64')

/** Authors (list, one author with books and series, image) and narrators. */
export class AuthorsService {
  private readonly repo: AuthorsRepository
  private readonly items: ItemsService
  private readonly metadataPath: string
  private readonly images: CoverImages
  constructor(deps: { repo: AuthorsRepository; items: ItemsService; metadataPath: string }) {
    this.repo = deps.repo
    this.items = deps.items
    this.metadataPath = deps.metadataPath
    this.images = new CoverImages(path.join(deps.metadataPath, 'cache', 'authors'))
  }

  /** Deletes the resized author images (cache purge); they are rebuilt when asked for. */
  purgeImageCache(): Promise<void> {
    return this.images.clear()
  }

  /** GET /api/libraries/:id/authors: `{authors}` without a limit, else a page. */
  async list(
    user: UserRecord,
    library: Library,
    q: { limit?: number; page?: number; sort?: string; desc?: boolean; include: readonly string[] },
  ): Promise<AuthorsListResponse> {
    const sort = (q.sort ?? 'name') as AuthorSortKey
    if (!(authorSortKeys as readonly string[]).includes(sort))
      throw badRequest(`Invalid sort "${String(q.sort).slice(0, 60)}"; allowed: ${authorSortKeys.join(', ')}`)
    if (q.limit === undefined) {
      const { rows } = await this.repo.list(user, library.id, {
        sort,
        desc: q.desc ?? false,
        limit: null,
        offset: 0,
      })
      return { authors: rows.map(toAuthorJson) }
    }
    const limit = effectiveLimit(q.limit, MAX_PAGE_SIZE, MAX_PAGE_SIZE)
    const page = q.page ?? 0
    const { rows, total } = await this.repo.list(user, library.id, {
      sort,
      desc: q.desc ?? false,
      limit,
      offset: page * limit,
    })
    return {
      results: rows.map(toAuthorJson),
      total,
      limit,
      page,
      sortBy: q.sort,
      sortDesc: q.desc ?? false,
      include: q.include.join(','),
      offset: page * limit,
    }
  }

  /** Authors by id as JSON (with the user's book counts), in the given order. */
  async byIds(user: UserRecord, ids: readonly string[]): Promise<AuthorWithCount[]> {
    const rows = new Map((await this.repo.byIds(user, ids)).map((r) => [r.id, r]))
    return ids.flatMap((id) => {
      const r = rows.get(id)
      return r ? [toAuthorJson(r)] : []
    })
  }

  /** An author with the caller's book count. Authors of libraries the user cannot open (or with no book they may see) are 404. */
  async visible(
    user: UserRecord,
    libraries: LibrariesService,
    id: string,
    libraryId?: string,
  ): Promise<AuthorWithCount> {
    const row = await this.repo.byId(user, id)
    if (!row || (libraryId && libraryId !== row.library_id)) throw notFound('Author not found')
    await libraries.getFor(user, row.library_id).catch(() => {
      throw notFound('Author not found')
    })
    if (restrictsItemsWithinLibrary(user) && Number(row.num_books) === 0) throw notFound('Author not found')
    return toAuthorJson(row)
  }

  /** GET /api/authors/:id: like Audiobookshelf's, without `numBooks` or `lastFirst` (clients count the items). */
  async detail(
    user: UserRecord,
    libraries: LibrariesService,
    id: string,
    opts: { include: readonly string[]; libraryId?: string },
  ): Promise<AuthorDetail> {
    const {
      numBooks: _numBooks,
      lastFirst: _lastFirst,
      ...author
    } = await this.visible(user, libraries, id, opts.libraryId)
    const out: AuthorDetail = author
    if (opts.include.includes('items') || opts.include.includes('series')) {
      const ids = await this.repo.bookIds(user, id)
      const books = await this.items.minified(ids)
      if (opts.include.includes('items')) out.libraryItems = books
      if (opts.include.includes('series')) {
        const byId = new Map(books.map((b) => [b.id, b]))
        const series = new Map<string, NonNullable<AuthorDetail['series']>[number]>()
        for (const s of await this.repo.seriesOf(ids)) {
          const item = byId.get(s.itemId)
          if (!item) continue
          const entry = series.get(s.id) ?? { id: s.id, name: s.name, items: [] }
          entry.items.push({ ...item, sequence: s.sequence })
          series.set(s.id, entry)
        }
        out.series = [...series.values()]
      }
    }
    return out
  }

  /** GET /api/authors/:id/image: public like covers; only an image inside METADATA_PATH/authors is served. */
  async image(
    id: string,
    req: { width?: number; height?: number; format: CoverFormat; raw: boolean },
  ): Promise<CoverAnswer | null> {
    const row = await this.repo.imagePath(id)
    if (!row?.imagePath) return null
    const source = await regularFileInside(row.imagePath, [path.join(this.metadataPath, 'authors')])
    if (!source) return null
    if (req.raw) return (await this.images.isAllowedImage(source.path)) ? { kind: 'raw', file: source } : null
    const file = await this.images.resized(source, id, {
      width: req.width,
      height: req.height,
      format: req.format,
    })
    return file ? { kind: 'resized', file } : null
  }

  async narrators(user: UserRecord, library: Library): Promise<NarratorsResponse> {
    const list = await this.repo.narrators(user, library.id)
    return { narrators: list.map((n) => ({ id: narratorId(n.name), name: n.name, numBooks: n.numBooks })) }
  }
}
