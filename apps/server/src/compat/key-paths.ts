/**
 * The shape of a JSON answer as a set of typed key paths (`libraryItems[].media.metadata.title:string`):
 * array elements share one path, keys that are ids or dates (maps keyed by them) are folded into one, and
 * values count only by type. Two answers match by the share of paths they have in common (Jaccard), so a
 * key we lack and a key we add cost the same.
 */
export type JsonType = 'string' | 'number' | 'boolean' | 'null' | 'object' | 'array'

const ID_KEY =
  /^([0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}|li_[a-z0-9]+|\d{4}-\d{2}-\d{2}|\d+)$/i

export function typeOf(value: unknown): JsonType {
  if (value === null) return 'null'
  if (Array.isArray(value)) return 'array'
  const t = typeof value
  if (t === 'string' || t === 'number' || t === 'boolean') return t
  return 'object'
}

export function keyPaths(value: unknown, prefix = '', out = new Set<string>()): Set<string> {
  const type = typeOf(value)
  out.add(`${prefix || '$'}:${type}`)
  if (type === 'array') {
    for (const element of value as unknown[]) keyPaths(element, `${prefix}[]`, out)
  } else if (type === 'object') {
    for (const [key, child] of Object.entries(value as Record<string, unknown>)) {
      const name = ID_KEY.test(key) ? '<id>' : key
      keyPaths(child, prefix ? `${prefix}.${name}` : name, out)
    }
  }
  return out
}

export interface ShapeComparison {
  /** |both| / |either|: 1 when the shapes are the same. */
  score: number
  /** Paths only Audiobookshelf's answer has (what we lack or type differently). */
  missing: string[]
  /** Paths only ours has. */
  extra: string[]
}

/** Differences of data, not of shape, that a comparison forgives (each listed with its reason by the caller). */
export interface Forgiven {
  /** Keys whose value may be null on one side and a value on the other (`publisher`: one server read a tag the other missed). */
  valueMayDiffer?: readonly string[]
  /** Keys only our answer may carry (a tag Audiobookshelf does not read). */
  oursMayAdd?: readonly string[]
}

const lastKey = (path: string) => path.slice(path.lastIndexOf('.') + 1, path.lastIndexOf(':'))
const untyped = (path: string) => path.slice(0, path.lastIndexOf(':'))

export function compareShapes(theirs: unknown, ours: unknown, forgiven: Forgiven = {}): ShapeComparison {
  const a = keyPaths(theirs)
  const b = keyPaths(ours)
  const varies = new Set(forgiven.valueMayDiffer ?? [])
  const adds = new Set(forgiven.oursMayAdd ?? [])
  const untypedA = new Set([...a].map(untyped))
  const untypedB = new Set([...b].map(untyped))
  // A path typed differently on the two sides is forgiven when its key may differ in value and the other side has it.
  const excused = (path: string, other: Set<string>) => varies.has(lastKey(path)) && other.has(untyped(path))
  const missing = [...a].filter((p) => !b.has(p) && !excused(p, untypedB)).sort()
  const extra = [...b].filter((p) => !a.has(p) && !excused(p, untypedA) && !adds.has(lastKey(p))).sort()
  const union = new Set([...a, ...b]).size
  return { score: union === 0 ? 1 : (union - missing.length - extra.length) / union, missing, extra }
}
