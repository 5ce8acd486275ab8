import fs from 'node:fs/promises'
import path from 'node:path'

/** True when one path is the other or lies inside it (after both are resolved). */
export function pathsOverlap(a: string, b: string): boolean {
  const inside = (child: string, parent: string) => {
    const rel = path.relative(parent, child)
    return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))
  }
  return inside(a, b) || inside(b, a)
}

/**
 * Resolves a requested library root to its real path and checks it may be one: an existing
 * directory that does not overlap the server's own data folders or another library's roots.
 * Returns the real path or a message for the user.
 */
export async function checkLibraryRoot(
  requested: string,
  forbidden: { path: string; label: string }[],
  otherRoots: string[],
): Promise<{ ok: true; realPath: string } | { ok: false; message: string }> {
  if (!path.isAbsolute(requested)) return { ok: false, message: `Folder path must be absolute: ${requested}` }
  let realPath: string
  try {
    realPath = await fs.realpath(requested)
    if (!(await fs.stat(realPath)).isDirectory()) return { ok: false, message: `Not a folder: ${requested}` }
  } catch {
    return { ok: false, message: `Folder does not exist: ${requested}` }
  }
  for (const f of forbidden) {
    const real = await fs.realpath(f.path).catch(() => path.resolve(f.path))
    if (pathsOverlap(realPath, real)) return { ok: false, message: `Library folder cannot overlap the ${f.label} folder` }
  }
  for (const other of otherRoots) {
    if (pathsOverlap(realPath, other)) return { ok: false, message: `Library folder overlaps another library folder: ${other}` }
  }
  return { ok: true, realPath }
}
