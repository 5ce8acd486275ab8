import { createHash } from 'node:crypto'
import { mkdir, readFile, writeFile } from 'node:fs/promises'
import { dirname, extname, resolve } from 'node:path'
import { zipBuffer, type ZipEntry } from './zip.ts'

export interface EpubChapter {
  title: string
  /** Paragraphs separated by blank lines. */
  text: string
  /** Raw XHTML put after the paragraphs (e.g. a <script> for reader security tests). */
  html?: string
  /** Marks the chapter as EPUB 3 scripted content (manifest property). */
  scripted?: boolean
  /** 1 nests the chapter under the previous top-level one in the table of contents; default 0. */
  depth?: 0 | 1
}

export interface EpubResource {
  /** Path inside OEBPS/. */
  href: string
  data: Buffer
  mediaType: string
}

export interface MakeEpubOptions {
  path: string
  title: string
  author: string
  /** A JPEG or PNG: becomes the cover-image item and a cover page. */
  cover?: string
  /** BCP 47; default en. */
  language?: string
  publisher?: string
  description?: string
  /** YYYY or YYYY-MM-DD */
  date?: string
  isbn?: string
  series?: string
  seriesIndex?: number
  /** Default: three short chapters of filler text. */
  chapters?: EpubChapter[]
  /** dcterms:modified; default now. */
  modified?: Date
  /** Extra manifest items (images, fonts), stored as given. */
  resources?: EpubResource[]
}

const xml = (s: string): string =>
  s.replace(/&/g, '&amp;').replace(/</g, '&lt;').replace(/>/g, '&gt;').replace(/"/g, '&quot;')

function defaultChapters(title: string): EpubChapter[] {
  const filler =
    'The lamps along the quay were lit one by one, and the harbour settled into its evening hush.\n\n' +
    'Nobody in the town could remember who had first written the story down, only that it was told again each winter.'
  return ['The Beginning', 'The Middle', 'The End'].map((part, i) => ({
    title: `Chapter ${i + 1}: ${part}`,
    text: `${title}, part ${i + 1}.\n\n${filler}`,
  }))
}

const page = (title: string, lang: string, body: string): string =>
  `<?xml version="1.0" encoding="UTF-8"?>
<!DOCTYPE html>
<html xmlns="http://www.w3.org/1999/xhtml" xmlns:epub="http://www.idpf.org/2007/ops" xml:lang="${xml(lang)}" lang="${xml(lang)}">
<head><meta charset="UTF-8"/><title>${xml(title)}</title></head>
<body>
${body}
</body>
</html>
`

interface TocNode {
  title: string
  href: string
  order: number
  children: { title: string; href: string; order: number }[]
}

/** Chapters of depth 1 hang under the top-level chapter before them. */
function tocTree(chapters: readonly (EpubChapter & { href: string })[]): TocNode[] {
  const roots: TocNode[] = []
  chapters.forEach((c, i) => {
    const node = { title: c.title, href: c.href, order: i + 1 }
    const parent = roots.at(-1)
    if (c.depth === 1 && parent) parent.children.push(node)
    else roots.push({ ...node, children: [] })
  })
  return roots
}

/** A valid EPUB 3 (with an EPUB 2 NCX for older readers). Returns the absolute path. */
export async function makeEpub(options: MakeEpubOptions): Promise<string> {
  const path = resolve(options.path)
  const lang = options.language ?? 'en'
  const chapters = options.chapters ?? defaultChapters(options.title)
  const digest = createHash('sha1').update(`${options.title}\u0000${options.author}`).digest('hex')
  const uuid = `${digest.slice(0, 8)}-${digest.slice(8, 12)}-5${digest.slice(13, 16)}-a${digest.slice(17, 20)}-${digest.slice(20, 32)}`
  const identifier = options.isbn ? `urn:isbn:${options.isbn}` : `urn:uuid:${uuid}`
  const modified = (options.modified ?? new Date()).toISOString().replace(/\.\d{3}Z$/, 'Z')

  let cover: { data: Buffer; href: string; mediaType: string } | undefined
  if (options.cover) {
    const data = await readFile(options.cover)
    const png = data[0] === 0x89 && data.toString('latin1', 1, 4) === 'PNG'
    const ext = png ? 'png' : extname(options.cover).toLowerCase() === '.jpeg' ? 'jpeg' : 'jpg'
    cover = { data, href: `images/cover.${ext}`, mediaType: png ? 'image/png' : 'image/jpeg' }
  }

  const chapterFiles = chapters.map((c, i) => ({
    ...c,
    id: `chapter-${i + 1}`,
    href: `chapter-${i + 1}.xhtml`,
  }))
  const manifest = [
    '<item id="nav" href="nav.xhtml" media-type="application/xhtml+xml" properties="nav"/>',
    '<item id="ncx" href="toc.ncx" media-type="application/x-dtbncx+xml"/>',
    ...(cover
      ? [
          `<item id="cover-image" href="${cover.href}" media-type="${cover.mediaType}" properties="cover-image"/>`,
          '<item id="cover" href="cover.xhtml" media-type="application/xhtml+xml"/>',
        ]
      : []),
    ...chapterFiles.map(
      (c) =>
        `<item id="${c.id}" href="${c.href}" media-type="application/xhtml+xml"${c.scripted ? ' properties="scripted"' : ''}/>`,
    ),
    ...(options.resources ?? []).map(
      (r, i) => `<item id="resource-${i + 1}" href="${xml(r.href)}" media-type="${xml(r.mediaType)}"/>`,
    ),
  ]
  const spine = [
    ...(cover ? ['<itemref idref="cover" linear="no"/>'] : []),
    ...chapterFiles.map((c) => `<itemref idref="${c.id}"/>`),
  ]
  const metadata = [
    `<dc:identifier id="book-id">${xml(identifier)}</dc:identifier>`,
    `<dc:title>${xml(options.title)}</dc:title>`,
    `<dc:creator id="creator">${xml(options.author)}</dc:creator>`,
    '<meta refines="#creator" property="role" scheme="marc:relators">aut</meta>',
    `<dc:language>${xml(lang)}</dc:language>`,
    `<meta property="dcterms:modified">${modified}</meta>`,
    ...(options.publisher ? [`<dc:publisher>${xml(options.publisher)}</dc:publisher>`] : []),
    ...(options.description ? [`<dc:description>${xml(options.description)}</dc:description>`] : []),
    ...(options.date ? [`<dc:date>${xml(options.date)}</dc:date>`] : []),
    ...(options.series
      ? [
          `<meta property="belongs-to-collection" id="series">${xml(options.series)}</meta>`,
          '<meta refines="#series" property="collection-type">series</meta>',
          ...(options.seriesIndex !== undefined
            ? [`<meta refines="#series" property="group-position">${options.seriesIndex}</meta>`]
            : []),
          `<meta name="calibre:series" content="${xml(options.series)}"/>`,
          ...(options.seriesIndex !== undefined
            ? [`<meta name="calibre:series_index" content="${options.seriesIndex}"/>`]
            : []),
        ]
      : []),
    ...(cover ? ['<meta name="cover" content="cover-image"/>'] : []),
  ]
  const opf = `<?xml version="1.0" encoding="UTF-8"?>
<package xmlns="http://www.idpf.org/2007/opf" version="3.0" unique-identifier="book-id" xml:lang="${xml(lang)}">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/">
    ${metadata.join('\n    ')}
  </metadata>
  <manifest>
    ${manifest.join('\n    ')}
  </manifest>
  <spine toc="ncx">
    ${spine.join('\n    ')}
  </spine>
</package>
`
  const nav = page(
    options.title,
    lang,
    `<nav epub:type="toc" id="toc"><h1>Contents</h1><ol>
${tocTree(chapterFiles)
  .map(
    (node) =>
      `<li><a href="${node.href}">${xml(node.title)}</a>${
        node.children.length
          ? `<ol>${node.children.map((c) => `<li><a href="${c.href}">${xml(c.title)}</a></li>`).join('')}</ol>`
          : ''
      }</li>`,
  )
  .join('\n')}
</ol></nav>`,
  )
  const ncx = `<?xml version="1.0" encoding="UTF-8"?>
<ncx xmlns="http://www.daisy.org/z3986/2005/ncx/" version="2005-1">
<head><meta name="dtb:uid" content="${xml(identifier)}"/></head>
<docTitle><text>${xml(options.title)}</text></docTitle>
<navMap>
${tocTree(chapterFiles)
  .map(
    (node) =>
      `<navPoint id="nav-${node.order}" playOrder="${node.order}"><navLabel><text>${xml(node.title)}</text></navLabel><content src="${node.href}"/>${node.children
        .map(
          (c) =>
            `<navPoint id="nav-${c.order}" playOrder="${c.order}"><navLabel><text>${xml(c.title)}</text></navLabel><content src="${c.href}"/></navPoint>`,
        )
        .join('')}</navPoint>`,
  )
  .join('\n')}
</navMap>
</ncx>
`
  const entries: ZipEntry[] = [
    { name: 'mimetype', data: 'application/epub+zip', store: true },
    {
      name: 'META-INF/container.xml',
      data: `<?xml version="1.0" encoding="UTF-8"?>
<container version="1.0" xmlns="urn:oasis:names:tc:opendocument:xmlns:container">
  <rootfiles>
    <rootfile full-path="OEBPS/content.opf" media-type="application/oebps-package+xml"/>
  </rootfiles>
</container>
`,
    },
    { name: 'OEBPS/content.opf', data: opf },
    { name: 'OEBPS/nav.xhtml', data: nav },
    { name: 'OEBPS/toc.ncx', data: ncx },
    ...(cover
      ? [
          { name: `OEBPS/${cover.href}`, data: cover.data, store: true },
          {
            name: 'OEBPS/cover.xhtml',
            data: page(
              options.title,
              lang,
              `<section epub:type="cover"><img src="${cover.href}" alt="${xml(options.title)}"/></section>`,
            ),
          },
        ]
      : []),
    ...chapterFiles.map((c) => ({
      name: `OEBPS/${c.href}`,
      data: page(
        c.title,
        lang,
        `<section epub:type="chapter"><h1>${xml(c.title)}</h1>
${c.text
  .split(/\n\s*\n/)
  .map((p) => `<p>${xml(p.trim())}</p>`)
  .join('\n')}${c.html ? `\n${c.html}` : ''}
</section>`,
      ),
    })),
    ...(options.resources ?? []).map((r) => ({ name: `OEBPS/${r.href}`, data: r.data, store: true })),
  ]
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, zipBuffer(entries, options.modified))
  return path
}
