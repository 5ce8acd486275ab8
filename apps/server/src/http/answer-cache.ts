import type { FastifyReply, FastifyRequest } from 'fastify'
import { visibilityOf } from '../modules/library-items/item-visibility.ts'
import type { UserRecord } from '../modules/users/users.model.ts'
import { gzipText, sendJsonText } from './compressed-text.ts'

/** What answers are made of (WriteVersions). */
export interface AnswerVersions {
  contentStamp(): string
  userVersion(userId: string): number
}

/** What an answer is: its route, library and normalised query, and whose progress it shows (if any). */
export interface AnswerSpec {
  kind: string
  libraryId: string
  user: UserRecord
  query: unknown
  /** The answer shows the user's own progress (progress sorts and filters, shelves): keyed on the user. */
  byUser: boolean
}

/** Users who may see the same items share answers: the item-visibility rule's inputs, nothing else. */
export function visibilityFingerprint(user: UserRecord): string {
  const v = visibilityOf(user)
  return JSON.stringify([
    v.libraryIds?.toSorted() ?? null,
    v.allowExplicit,
    v.tags ? [v.tags.mode, v.tags.values.toSorted()] : null,
  ])
}

/**
 * Finished JSON answers of the read routes, reused until something they are made of is written (see
 * WriteVersions: the key carries the content stamp, and the user's version for answers showing progress).
 * Bounded in bytes, least recently used dropped first; an answer still being made is shared by the requests
 * that ask for it meanwhile, and a failed one is not kept. Large answers go out gzipped, compressed once per
 * answer (sendJsonText).
 */
interface Entry {
  key: string
  text: Promise<string>
  /** Made on the first request that accepts gzip, kept and counted with the text. */
  gz: Promise<Buffer> | null
  bytes: number
}

export class AnswerCache {
  private readonly entries = new Map<string, Entry>()
  private bytes = 0
  private readonly versions: AnswerVersions
  private readonly maxBytes: number

  constructor(versions: AnswerVersions, opts: { maxBytes?: number } = {}) {
    this.versions = versions
    this.maxBytes = opts.maxBytes ?? 64 * 1024 * 1024
  }

  /** Moves with any content write and with this user's own writes (feeds rebuild their XML on it). */
  stampFor(userId: string): string {
    return `${this.versions.contentStamp()}|${this.versions.userVersion(userId)}`
  }

  key(spec: AnswerSpec): string {
    const user = spec.byUser ? `${spec.user.id}:${this.versions.userVersion(spec.user.id)}` : ''
    return JSON.stringify([
      spec.kind,
      spec.libraryId,
      this.versions.contentStamp(),
      visibilityFingerprint(spec.user),
      user,
      spec.query,
    ])
  }

  /** The answer's JSON text: cached, or made by `compute` and kept. */
  text(spec: AnswerSpec, compute: () => Promise<unknown>): Promise<string> {
    return this.entry(spec, async () => JSON.stringify(await compute())).text
  }

  /**
   * Sends the cached (or newly made) answer, gzipped when large and accepted. The gzip lives in the
   * answer's entry: made once per answer, shared by everyone the answer is shared with, and inside the
   * byte bound.
   */
  send(request: FastifyRequest, reply: FastifyReply, spec: AnswerSpec, compute: () => Promise<unknown>) {
    return this.sendText(request, reply, spec, async () => JSON.stringify(await compute()))
  }

  /** As `send`, for an answer made as JSON text already (the filter data: megabytes serialised once per change). */
  async sendText(
    request: FastifyRequest,
    reply: FastifyReply,
    spec: AnswerSpec,
    computeText: () => Promise<string>,
  ) {
    const entry = this.entry(spec, computeText)
    const text = await entry.text
    return sendJsonText(request, reply, text, () => (entry.gz ??= this.gzipped(entry, text)))
  }

  private entry(spec: AnswerSpec, computeText: () => Promise<string>): Entry {
    const key = this.key(spec)
    const hit = this.entries.get(key)
    if (hit) {
      this.entries.delete(key)
      this.entries.set(key, hit)
      return hit
    }
    const entry: Entry = { key, text: computeText(), gz: null, bytes: 0 }
    this.entries.set(key, entry)
    entry.text.then(
      (t) => this.grow(entry, t.length * 2),
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key)
      },
    )
    return entry
  }

  private gzipped(entry: Entry, text: string): Promise<Buffer> {
    const gz = gzipText(text)
    gz.then(
      (buffer) => this.grow(entry, buffer.length),
      () => {
        if (entry.gz === gz) entry.gz = null
      },
    )
    return gz
  }

  /** Counts bytes an entry holds (while it is still cached) and keeps the cache within its bound. */
  private grow(entry: Entry, bytes: number) {
    if (this.entries.get(entry.key) !== entry) return
    entry.bytes += bytes
    this.bytes += bytes
    this.evict()
  }

  private evict() {
    for (const [key, entry] of this.entries) {
      if (this.bytes <= this.maxBytes) return
      this.entries.delete(key)
      this.bytes -= entry.bytes
    }
  }

  /** Bytes held by finished answers (for tests). */
  get size(): number {
    return this.bytes
  }
}

/**
 * Whether a list query shows the caller's own progress: a progress sort or filter (`progress.<value>`),
 * `include=progress` or `include=numEpisodesIncomplete`. Deliberately broad: a false "yes" only keys the answer on the user.
 */
export function showsProgress(query: Record<string, unknown>): boolean {
  // numEpisodesIncomplete counts the caller's finished episodes.
  return Object.values(query).some((v) => typeof v === 'string' && /progress|numepisodesincomplete/i.test(v))
}
