import { metadataSources } from '@shelfcast/contracts/client'

export type MetadataSource = (typeof metadataSources)[number]

export interface PrecedenceRow {
  source: MetadataSource
  included: boolean
}

/** en-us keys of the sources' names. */
export const metadataSourceKeys: Record<MetadataSource, string> = {
  folderStructure: 'LabelMetadataFolderStructure',
  audioMetatags: 'LabelMetadataAudioMetatags',
  nfoFile: 'LabelMetadataNfoFile',
  txtFiles: 'LabelMetadataTxtFiles',
  opfFile: 'LabelMetadataOpfFile',
  absMetadata: 'LabelMetadataAbsFile',
}

/**
 * The settings list runs lowest to highest priority (a later source overrides an earlier one) and
 * leaves out sources not used. The editor shows the highest priority first, every source listed with
 * an "included" tick; excluded sources go below the included ones in their default order.
 */
export function precedenceRows(precedence: readonly MetadataSource[]): PrecedenceRow[] {
  const included = [...new Set(precedence)].filter((s) => metadataSources.includes(s)).reverse()
  const excluded = [...metadataSources].reverse().filter((s) => !included.includes(s))
  return [
    ...included.map((source) => ({ source, included: true })),
    ...excluded.map((source) => ({ source, included: false })),
  ]
}

/** Back to the settings list: included sources, lowest priority first. */
export function precedenceFromRows(rows: readonly PrecedenceRow[]): MetadataSource[] {
  return rows
    .filter((r) => r.included)
    .map((r) => r.source)
    .reverse()
}

/** A copy of `list` with the entry at `from` moved to `to` (both clamped into the list). */
export function moveItem<T>(list: readonly T[], from: number, to: number): T[] {
  const copy = list.slice()
  if (from < 0 || from >= copy.length) return copy
  const target = Math.max(0, Math.min(copy.length - 1, to))
  const [item] = copy.splice(from, 1)
  copy.splice(target, 0, item as T)
  return copy
}
