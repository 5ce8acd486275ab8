/**
 * Which locale keys the first load needs: the keys used by the files reachable from the entry through static
 * imports. Pure functions (no file system): the build's locale-split plugin (apps/web/vite-locale-split.ts)
 * gives them a reader, and locales.test.ts scans with the same patterns.
 */

/** The locale keys a source file uses: t("Key") calls, labelKey/titleKey/messageKey and quoted key-shaped literals. */
export function scanLocaleKeys(source: string): Set<string> {
  const keys = new Set<string>()
  for (const match of source.matchAll(/\bt\(\s*'([A-Za-z]+)'/g)) keys.add(match[1]!)
  for (const match of source.matchAll(/(?:labelKey|titleKey|messageKey)\s*[:=]\s*'([A-Za-z]+)'/g))
    keys.add(match[1]!)
  for (const match of source.matchAll(/'((?:Toast|Label|Button|Header|Message)[A-Z][A-Za-z]+)'/g))
    keys.add(match[1]!)
  return keys
}

/**
 * The specifiers of a file's static imports and re-exports (`import x from`, `import 'side-effect'`,
 * `export * from`), not `import()` and not type-only statements, which bring no code.
 */
export function staticImportSpecifiers(source: string): string[] {
  const specifiers: string[] = []
  // An import/export clause holds names, braces, commas and `as`: never quotes, parentheses or `=`.
  const statement = /^[ \t]*(?:import|export)\s+(?!type\s)(?:[^'";()=]*?\s*from\s*)?['"]([^'"\n]+)['"]/gm
  for (const match of source.matchAll(statement)) specifiers.push(match[1]!)
  return specifiers
}

const sourceExtensions = ['.ts', '.tsx']

/** Joins and normalises POSIX paths ('a/b' + '../c' → 'a/c'). */
export function joinPath(directory: string, relative: string): string {
  const parts: string[] = []
  for (const part of `${directory}/${relative}`.split('/')) {
    if (part === '..') parts.pop()
    else if (part !== '.' && part !== '') parts.push(part)
  }
  return `${directory.startsWith('/') ? '/' : ''}${parts.join('/')}`
}

function dirname(file: string): string {
  return file.slice(0, file.lastIndexOf('/')) || '/'
}

/**
 * The source file a specifier names: relative and `@/` paths (to `srcRoot`), with or without a .ts/.tsx
 * extension or as a folder's index. Packages, styles and JSON give null: they use no locale keys.
 */
export function resolveSourceImport(
  importer: string,
  specifier: string,
  srcRoot: string,
  exists: (file: string) => boolean,
): string | null {
  let base: string
  if (specifier.startsWith('@/')) base = joinPath(srcRoot, specifier.slice(2))
  else if (specifier.startsWith('./') || specifier.startsWith('../'))
    base = joinPath(dirname(importer), specifier)
  else return null
  const candidates = sourceExtensions.some((ext) => base.endsWith(ext))
    ? [base]
    : [...sourceExtensions.map((ext) => base + ext), ...sourceExtensions.map((ext) => `${base}/index${ext}`)]
  return candidates.find((file) => !file.includes('/node_modules/') && exists(file)) ?? null
}

export interface CoreKeysInput {
  entry: string
  srcRoot: string
  /** A file's text, or null when it cannot be read. */
  readFile: (file: string) => string | null
  exists: (file: string) => boolean
}

const isTest = (file: string) => /\.test\.tsx?$/.test(file)

/** Walks the static import graph from `entry` and collects the locale keys its files use. */
export function collectCoreKeys({ entry, srcRoot, readFile, exists }: CoreKeysInput): {
  keys: Set<string>
  files: string[]
} {
  const keys = new Set<string>()
  const seen = new Set<string>([entry])
  const queue = [entry]
  for (let file = queue.shift(); file !== undefined; file = queue.shift()) {
    const source = readFile(file)
    if (source === null) continue
    for (const key of scanLocaleKeys(source)) keys.add(key)
    for (const specifier of staticImportSpecifiers(source)) {
      const target = resolveSourceImport(file, specifier, srcRoot, exists)
      if (target && !seen.has(target) && !isTest(target)) {
        seen.add(target)
        queue.push(target)
      }
    }
  }
  return { keys, files: [...seen] }
}

const pluralSuffix = /_(zero|one|two|few|many|other)$/

/** A plural form's key without its i18next suffix ('LabelBookCount_one' → 'LabelBookCount'); others unchanged. */
export function pluralBase(key: string): string {
  return key.replace(pluralSuffix, '')
}

/**
 * The strings of `keys` (part 'core') or of every other key (part 'rest'). Code names a plural by its base
 * (t('LabelBookCount', { count })), so a base brings all its forms.
 */
export function pickStrings(
  strings: Readonly<Record<string, string>>,
  keys: ReadonlySet<string>,
  part: 'core' | 'rest',
): Record<string, string> {
  const isCore = (key: string) => keys.has(key) || keys.has(pluralBase(key))
  return Object.fromEntries(Object.entries(strings).filter(([key]) => isCore(key) === (part === 'core')))
}
