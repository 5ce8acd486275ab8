import type { FastifyReply, FastifyRequest } from 'fastify'
import { visibilityOf } from '../modules/library-items/item-visibility.ts'
import type { UserRecord } from '../modules/users/users.model.ts'
import { CompressedTexts } from './compressed-text.ts'

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
  return JSON.stringify([v.libraryIds?.toSorted() ?? null, v.allowExplicit, v.tags ? [v.tags.mode, v.tags.values.toSorted()] : null])
}

/**
 * Finished JSON answers of the read routes, reused until something they are made of is written (see
 * WriteVersions: the key carries the content stamp, and the user's version for answers showing progress).
 * Bounded in bytes, least recently used dropped first; an answer still being made is shared by the requests
 * that ask for it meanwhile, and a failed one is not kept. Large answers go out gzipped (CompressedTexts).
 */
export class AnswerCache {
  private readonly entries = new Map<string, { text: Promise<string>; bytes: number }>()
  private bytes = 0
  private readonly versions: AnswerVersions
  private readonly maxBytes: number
  private readonly compressed: CompressedTexts

  constructor(versions: AnswerVersions, opts: { maxBytes?: number } = {}) {
    this.versions = versions
    this.maxBytes = opts.maxBytes ?? 64 * 1024 * 1024
    this.compressed = new CompressedTexts(200)
  }

  key(spec: AnswerSpec): string {
    const user = spec.byUser ? `${spec.user.id}:${this.versions.userVersion(spec.user.id)}` : ''
    return JSON.stringify([spec.kind, spec.libraryId, this.versions.contentStamp(), visibilityFingerprint(spec.user), user, spec.query])
  }

  /** The answer's JSON text: cached, or made by `compute` and kept. */
  text(spec: AnswerSpec, compute: () => Promise<unknown>): Promise<string> {
    const key = this.key(spec)
    const hit = this.entries.get(key)
    if (hit) {
      this.entries.delete(key)
      this.entries.set(key, hit)
      return hit.text
    }
    const text = compute().then((value) => JSON.stringify(value))
    const entry = { text, bytes: 0 }
    this.entries.set(key, entry)
    text.then(
      (t) => {
        if (this.entries.get(key) !== entry) return
        entry.bytes = t.length * 2
        this.bytes += entry.bytes
        this.evict()
      },
      () => {
        if (this.entries.get(key) === entry) this.entries.delete(key)
      },
    )
    return text
  }

  /** Sends the cached (or newly made) answer, gzipped when large and accepted. */
  async send(request: FastifyRequest, reply: FastifyReply, spec: AnswerSpec, compute: () => Promise<unknown>) {
    const text = await this.text(spec, compute)
    return this.compressed.send(request, reply, `${spec.kind}:${spec.libraryId}:${request.url}`, text)
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
 * Whether a list query shows the caller's own progress: a progress sort or filter (`progress.<value>`), or
 * `include=progress`. Deliberately broad: a false "yes" only keys the answer on the user.
 */
export function showsProgress(query: Record<string, unknown>): boolean {
  return Object.values(query).some((v) => typeof v === 'string' && v.toLowerCase().includes('progress'))
}
