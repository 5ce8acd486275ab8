import type {
  AudibleRegion,
  AuthorMatchRequest,
  AuthorMatchResponse,
  AuthorSearchResult,
  AuthorWithCount,
} from '@shelfcast/contracts'
import type { Logger } from 'pino'
import { htmlToText } from '../../html/html-to-text.ts'
import { sanitizeDescription } from '../../html/sanitize-description.ts'
import { HttpError, notFound } from '../../http/errors.ts'
import type { AuthorEditService, AuthorUpdate } from '../authors/author-edit.service.ts'
import type { AuthorsService } from '../authors/authors.service.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import type { UserRecord } from '../users/users.model.ts'
import { orNullWhenUnknown, type AudnexusAuthor, type AudnexusClient } from './audnexus.client.ts'

const AUTHOR_NOT_FOUND = 'Author not found'

/**
 * Author pages show the description as text, so a provider's markup is reduced to text; that text is then
 * made safe for the apps that draw it as HTML (a decoded `&lt;script&gt;` must not come back as a tag).
 */
const authorDescription = (html: string | null | undefined) => sanitizeDescription(htmlToText(html))

/**
 * POST /api/authors/:id/match: finds the author on Audnexus by ASIN (preferred) or name, then saves name,
 * ASIN and description through the author editor and the image through its guarded download, as
 * Audiobookshelf's quick match does (a new image only when the author had none or the ASIN changed).
 */
export class AuthorMatchService {
  private readonly deps: {
    audnexus: AudnexusClient
    authors: AuthorsService
    authorEdit: AuthorEditService
    libraries: LibrariesService
    log: Logger
  }
  constructor(deps: AuthorMatchService['deps']) {
    this.deps = deps
  }

  private async find(req: AuthorMatchRequest): Promise<AudnexusAuthor | null> {
    const { audnexus } = this.deps
    if (req.asin) return orNullWhenUnknown(audnexus.author(req.asin, req.region))
    return req.q ? orNullWhenUnknown(audnexus.authorByName(req.q, req.region)) : null
  }

  /** GET /api/search/authors: the closest author by name, description as text. */
  async search(q: string, region: AudibleRegion): Promise<AuthorSearchResult | null> {
    const found = await orNullWhenUnknown(this.deps.audnexus.authorByName(q, region))
    return found
      ? {
          asin: found.asin,
          name: found.name,
          description: authorDescription(found.description),
          image: found.image ?? null,
        }
      : null
  }

  async match(user: UserRecord, id: string, req: AuthorMatchRequest): Promise<AuthorMatchResponse> {
    const current = await this.deps.authors.visible(user, this.deps.libraries, id)
    const found = await this.find(req)
    if (!found) throw notFound(AUTHOR_NOT_FOUND)

    const change: AuthorUpdate = {}
    const asinChanged = found.asin !== current.asin
    if (asinChanged) change.asin = found.asin
    const description = authorDescription(found.description)
    if (description && description !== current.description) change.description = description
    const name = found.name.trim()
    if (name && name !== current.name) change.name = name

    let author: AuthorWithCount = current
    let updated = false
    if (Object.keys(change).length > 0) {
      author = (await this.deps.authorEdit.update(user, id, change)).author
      updated = true
    }
    if (found.image && (!current.imagePath || asinChanged)) {
      try {
        const withImage = (await this.deps.authorEdit.setImageFromUrl(user, author.id, found.image)).author
        if (withImage) author = withImage
        updated = true
      } catch (err) {
        // The details stand without an image; the client says "no image found" when imagePath stays empty.
        if (!(err instanceof HttpError)) throw err
        this.deps.log.info(
          { authorId: author.id, msg: err.message },
          'matched author image could not be fetched',
        )
      }
    }
    const [fresh] = await this.deps.authors.byIds(user, [author.id])
    return { updated, author: fresh ?? author }
  }
}
