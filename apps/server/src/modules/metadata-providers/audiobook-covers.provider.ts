import { z } from 'zod'
import { httpUrl } from './book-match.ts'
import { endpoint, type ProviderHttp } from './provider-http.ts'
import type { BookSearch } from './provider-types.ts'

export const AUDIOBOOK_COVERS_ORIGIN = 'https://api.audiobookcovers.com'

// GET /cover/bytext/?q=: covers found by the text on them, each in several formats and sizes.
const CoversAnswer = z.array(
  z.object({
    versions: z.object({
      png: z.object({ original: z.string() }).nullish(),
      webp: z.object({ original: z.string() }).nullish(),
    }),
  }),
)

/** AudiobookCovers.com: the cover-only site (spec §3); it finds covers, never book details. */
export class AudiobookCoversProvider {
  readonly slug = 'audiobookcovers'
  readonly name = 'AudiobookCovers.com'
  private readonly http: ProviderHttp
  private readonly origin: string
  constructor(http: ProviderHttp, origin = AUDIOBOOK_COVERS_ORIGIN) {
    this.http = http
    this.origin = origin
  }

  async searchCovers(search: BookSearch): Promise<string[]> {
    const q = [search.title, search.author].filter(Boolean).join(' ')
    const items = await this.http.json(endpoint(this.origin, 'cover/bytext/', { q }), CoversAnswer)
    return [
      ...new Set(items.flatMap((i) => httpUrl(i.versions.png?.original ?? i.versions.webp?.original) ?? [])),
    ]
  }
}
