import { buildBook } from './book-builder.ts'
import type { ItemCandidate } from './group.ts'
import {
  ItemParts,
  type BuildTarget,
  type BuiltItem,
  type ItemBuildDeps,
  type PreviousItem,
} from './item-parts.ts'
import { buildPodcast } from './podcast-builder.ts'
import type { DirStat } from './walk.ts'

export type { BuildTarget, BuiltItem, ItemBuildDeps, PreviousItem } from './item-parts.ts'

/** Turns an item candidate (its files) into a row for the repository: a book or a podcast. */
export class ItemBuilder {
  private readonly parts: ItemParts
  constructor(deps: ItemBuildDeps) {
    this.parts = new ItemParts(deps)
  }

  build(
    candidate: ItemCandidate,
    dirStat: DirStat | undefined,
    fingerprint: string,
    target: BuildTarget,
    previous: PreviousItem | null,
  ): Promise<BuiltItem | null> {
    return target.library.mediaType === 'podcast'
      ? buildPodcast(this.parts, candidate, dirStat, fingerprint, target, previous)
      : buildBook(this.parts, candidate, dirStat, fingerprint, target, previous)
  }
}
