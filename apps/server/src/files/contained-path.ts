import fs from 'node:fs/promises'
import path from 'node:path'

/** True when `child` is `parent` itself or lies below it (both already resolved). Never a string prefix test. */
export function isInsideOrEqual(child: string, parent: string): boolean {
  const rel = path.relative(parent, child)
  if (rel === '') return true
  return rel !== '..' && !rel.startsWith(`..${path.sep}`) && !path.isAbsolute(rel)
}

/**
 * Resolves `candidate` (symlinks included) and returns its real path when it is a regular file inside one
 * of `roots` (each resolved too); otherwise null. A root may itself be the file (single-file items).
 */
export async function regularFileInside(
  candidate: string,
  roots: readonly string[],
): Promise<{ path: string; size: number; mtimeMs: number } | null> {
  if (!candidate || candidate.includes('\0') || !path.isAbsolute(candidate)) return null
  let real: string
  try {
    real = await fs.realpath(candidate)
  } catch {
    return null
  }
  let inside = false
  for (const root of roots) {
    if (!root || root.includes('\0') || !path.isAbsolute(root)) continue
    const realRoot = await fs.realpath(root).catch(() => null)
    if (realRoot && isInsideOrEqual(real, realRoot)) {
      inside = true
      break
    }
  }
  if (!inside) return null
  try {
    const st = await fs.stat(real)
    return st.isFile() ? { path: real, size: st.size, mtimeMs: st.mtimeMs } : null
  } catch {
    return null
  }
}
