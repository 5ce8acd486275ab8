import fs from 'node:fs/promises'
import path from 'node:path'

/** True when `child` is `parent` or lies inside it (both already resolved). Segments, never string prefixes. */
export function isInside(child: string, parent: string): boolean {
  const rel = path.relative(parent, child)
  return rel === '' || (!rel.startsWith(`..${path.sep}`) && rel !== '..' && !path.isAbsolute(rel))
}

/** True when one path is the other or lies inside it (after both are resolved). */
export function pathsOverlap(a: string, b: string): boolean {
  return isInside(a, b) || isInside(b, a)
}

/** Folders of the operating system a library may never be in (or contain) unless explicitly allowed. */
export const SYSTEM_FOLDERS = ['/etc', '/proc', '/sys', '/dev', '/boot', '/root'] as const

/**
 * Where library roots may not be. `forbidden` folders (the server's own data) may never overlap a
 * root. `restricted` ones (the install folder, system folders) may not either, unless the root lies
 * inside one of the `allowed` folders (the install folder's `data/`, ALLOW_LIBRARY_ROOTS).
 */
export interface LibraryRootPolicy {
  forbidden: { path: string; label: string }[]
  restricted: { path: string; label: string }[]
  allowed: string[]
}

/** The policy of a server: its config, metadata and install folders, the system folders and the allowances. */
export function libraryRootPolicy(config: {
  configPath: string
  metadataPath: string
  installPath: string
  allowedLibraryRoots: string[]
}): LibraryRootPolicy {
  return {
    forbidden: [
      { path: config.configPath, label: 'config' },
      { path: config.metadataPath, label: 'metadata' },
    ],
    restricted: [
      { path: config.installPath, label: 'install' },
      ...SYSTEM_FOLDERS.map((p) => ({ path: p, label: `system (${p})` })),
    ],
    // The install folder's data/ is the default data root (CONFIG_PATH, METADATA_PATH, the demo library).
    allowed: [path.join(config.installPath, 'data'), ...config.allowedLibraryRoots],
  }
}

const realOrResolved = (p: string) => fs.realpath(p).catch(() => path.resolve(p))

/**
 * Resolves a requested library root to its real path and checks it may be one: an existing
 * directory that does not overlap the server's own folders, system folders (unless allowed) or
 * another library's roots. Returns the real path or a message for the user.
 */
export async function checkLibraryRoot(
  requested: string,
  policy: LibraryRootPolicy,
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
  for (const f of policy.forbidden) {
    if (pathsOverlap(realPath, await realOrResolved(f.path))) {
      return { ok: false, message: `Library folder cannot overlap the ${f.label} folder` }
    }
  }
  const allowed = await Promise.all(policy.allowed.map(realOrResolved))
  if (!allowed.some((a) => isInside(realPath, a))) {
    for (const f of policy.restricted) {
      if (pathsOverlap(realPath, await realOrResolved(f.path))) {
        return {
          ok: false,
          message: `Library folder cannot overlap the ${f.label} folder (ALLOW_LIBRARY_ROOTS can allow it)`,
        }
      }
    }
  }
  for (const other of otherRoots) {
    if (pathsOverlap(realPath, other))
      return { ok: false, message: `Library folder overlaps another library folder: ${other}` }
  }
  return { ok: true, realPath }
}
