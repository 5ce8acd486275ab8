import { createHash } from 'node:crypto'
import { mkdir, writeFile } from 'node:fs/promises'
import { dirname, resolve } from 'node:path'

export interface PdfBytesOptions {
  /** Number of pages; each shows "Page N" and a paragraph of words. */
  pages: number
  title?: string
  /**
   * Encrypts the file with the standard security handler (RC4, 40-bit, revision 2) under this user
   * password: a reader must ask for it before showing anything.
   */
  userPassword?: string
}

export interface MakePdfOptions extends PdfBytesOptions {
  path: string
}

/** Words drawn on the pages, so a search finds some on every page and one ("lighthouse") on page 7 only. */
const FILLER = [
  'The tide came in over the flats while the gulls argued on the breakwater.',
  'Every window in the lane was dark except the baker, who was already awake.',
  'Maps of the coast were pinned along the wall, their edges curled by the damp.',
  'She counted the boats twice and wrote the number in the margin of the ledger.',
]
export const PDF_UNIQUE_WORD = 'lighthouse'
export const PDF_UNIQUE_WORD_PAGE = 7

/** Lines of one page, first the heading. */
export function pdfPageLines(page: number): string[] {
  const lines = [`Page ${page}`]
  for (let i = 0; i < 12; i++) lines.push(FILLER[(page + i) % FILLER.length]!)
  if (page === PDF_UNIQUE_WORD_PAGE) lines.push(`A ${PDF_UNIQUE_WORD} stood at the end of the pier.`)
  return lines
}

// Literal strings of the WinAnsi Helvetica text: escape the three characters a PDF string treats specially.
const pdfString = (s: string) => `(${s.replace(/[\\()]/g, (c) => `\\${c}`)})`

function pageContent(page: number): string {
  const [heading, ...body] = pdfPageLines(page)
  const parts = [`BT /F1 28 Tf 72 700 Td ${pdfString(heading!)} Tj ET`, 'BT /F1 12 Tf 16 TL 72 660 Td']
  for (const line of body) parts.push(`${pdfString(line)} '`)
  parts.push('ET')
  // An ornament in ZapfDingbats, a standard font no PDF embeds: readers fetch its glyphs by name.
  parts.push('BT /F2 14 Tf 72 420 Td (vvv) Tj ET')
  return parts.join('\n')
}

/** RC4: the cipher of the PDF standard security handler revisions 2 and 3 (OpenSSL 3 no longer ships it). */
export function rc4(key: Uint8Array, data: Uint8Array): Uint8Array {
  const s = new Uint8Array(256)
  for (let i = 0; i < 256; i++) s[i] = i
  for (let i = 0, j = 0; i < 256; i++) {
    j = (j + s[i]! + key[i % key.length]!) & 255
    ;[s[i], s[j]] = [s[j]!, s[i]!]
  }
  const out = new Uint8Array(data.length)
  for (let n = 0, i = 0, j = 0; n < data.length; n++) {
    i = (i + 1) & 255
    j = (j + s[i]!) & 255
    ;[s[i], s[j]] = [s[j]!, s[i]!]
    out[n] = data[n]! ^ s[(s[i]! + s[j]!) & 255]!
  }
  return out
}

const md5 = (...parts: Uint8Array[]) => {
  const hash = createHash('md5')
  for (const part of parts) hash.update(part)
  return new Uint8Array(hash.digest())
}

// PDF 1.7 §7.6.3.3: the padding string of the standard security handler.
const PASSWORD_PAD = Buffer.from('28BF4E5E4E758A4164004E56FFFA01082E2E00B6D0683E802F0CA9FE6453697A', 'hex')
const padPassword = (password: string) =>
  Buffer.concat([Buffer.from(password, 'latin1'), PASSWORD_PAD]).subarray(0, 32)
const hex = (bytes: Uint8Array) => `<${Buffer.from(bytes).toString('hex')}>`

interface Encryption {
  dictionary: string
  /** Encrypts one object's string or stream (per-object key, algorithm 1). */
  encrypt(objectNumber: number, data: Uint8Array): Uint8Array
}

/** Standard security handler, revision 2 (algorithms 2, 3 and 4 of PDF 1.7 §7.6.3). */
function standardEncryption(userPassword: string, fileId: Uint8Array): Encryption {
  const permissions = -4 // everything allowed; only the user password matters here
  const user = padPassword(userPassword)
  // The owner password equals the user password: the owner key comes from it (algorithm 3).
  const ownerKey = md5(user).subarray(0, 5)
  const o = rc4(ownerKey, user)
  const p = Buffer.alloc(4)
  p.writeInt32LE(permissions)
  const key = md5(user, o, p, fileId).subarray(0, 5)
  const u = rc4(key, PASSWORD_PAD)
  return {
    dictionary: `<< /Filter /Standard /V 1 /R 2 /Length 40 /O ${hex(o)} /U ${hex(u)} /P ${permissions} >>`,
    encrypt(objectNumber, data) {
      const suffix = Uint8Array.of(
        objectNumber & 255,
        (objectNumber >> 8) & 255,
        (objectNumber >> 16) & 255,
        0,
        0,
      )
      return rc4(md5(key, suffix).subarray(0, 10), data)
    },
  }
}

/** Pages under each inner node of the page tree. */
const PAGES_PER_NODE = 16

/** A valid PDF 1.4 of text pages (Helvetica, US Letter), with a correct cross-reference table. */
export function pdfBytes(options: PdfBytesOptions): Buffer {
  if (!Number.isInteger(options.pages) || options.pages < 1)
    throw new Error('pages must be a positive integer')
  const fileId = md5(
    Buffer.from(`${options.title ?? 'Shelfcast'}:${options.pages}:${options.userPassword ?? ''}`),
  )
  const encryption =
    options.userPassword === undefined ? null : standardEncryption(options.userPassword, fileId)

  // Object numbers: 1 catalog, 2 page tree root, 3 and 6 fonts, 4 info, 5 encryption, then the tree's inner nodes,
  // then page and content pairs. The tree is two levels deep (as real producers write them): with one flat
  // /Kids array a reader would have to load every page object before the one it wants, defeating ranged loading.
  const nodes = Math.ceil(options.pages / PAGES_PER_NODE)
  const firstNode = 7
  const firstPage = firstNode + nodes
  const pageObject = (page: number) => firstPage + (page - 1) * 2
  const nodeOf = (page: number) => firstNode + Math.floor((page - 1) / PAGES_PER_NODE)
  const objects = new Map<number, Buffer>()
  const text = (s: string) => Buffer.from(s, 'latin1')
  const refs = (numbers: number[]) => numbers.map((n) => `${n} 0 R`).join(' ')

  objects.set(1, text('<< /Type /Catalog /Pages 2 0 R >>'))
  const nodeNumbers = Array.from({ length: nodes }, (_, i) => firstNode + i)
  objects.set(2, text(`<< /Type /Pages /Kids [${refs(nodeNumbers)}] /Count ${options.pages} >>`))
  for (const [i, node] of nodeNumbers.entries()) {
    const first = i * PAGES_PER_NODE + 1
    const last = Math.min(options.pages, first + PAGES_PER_NODE - 1)
    const kids = Array.from({ length: last - first + 1 }, (_, k) => pageObject(first + k))
    objects.set(node, text(`<< /Type /Pages /Parent 2 0 R /Kids [${refs(kids)}] /Count ${kids.length} >>`))
  }
  objects.set(3, text('<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica /Encoding /WinAnsiEncoding >>'))
  objects.set(6, text('<< /Type /Font /Subtype /Type1 /BaseFont /ZapfDingbats >>'))
  const title = text(options.title ?? 'Generated PDF')
  const titleString = encryption ? hex(encryption.encrypt(4, title)) : pdfString(title.toString('latin1'))
  objects.set(4, text(`<< /Title ${titleString} /Producer (Shelfcast test media) >>`))
  if (encryption) objects.set(5, text(encryption.dictionary))

  for (let page = 1; page <= options.pages; page++) {
    const number = pageObject(page)
    objects.set(
      number,
      text(
        `<< /Type /Page /Parent ${nodeOf(page)} 0 R /MediaBox [0 0 612 792] ` +
          `/Resources << /Font << /F1 3 0 R /F2 6 0 R >> >> /Contents ${number + 1} 0 R >>`,
      ),
    )
    const plain = text(pageContent(page))
    const stream = encryption ? Buffer.from(encryption.encrypt(number + 1, plain)) : plain
    objects.set(
      number + 1,
      Buffer.concat([text(`<< /Length ${stream.length} >>\nstream\n`), stream, text('\nendstream')]),
    )
  }

  // Binary comment after the header: tells transfer tools the file is binary.
  const chunks: Buffer[] = [Buffer.from('%PDF-1.4\n%\xE2\xE3\xCF\xD3\n', 'latin1')]
  let offset = chunks[0]!.length
  const size = firstPage + options.pages * 2
  const offsets = new Array<number | null>(size).fill(null)
  for (const [number, body] of [...objects].sort((a, b) => a[0] - b[0])) {
    offsets[number] = offset
    const chunk = Buffer.concat([text(`${number} 0 obj\n`), body, text('\nendobj\n')])
    chunks.push(chunk)
    offset += chunk.length
  }
  const xref = ['xref', `0 ${size}`, '0000000000 65535 f\r']
  for (let n = 1; n < size; n++) {
    const at = offsets[n]
    xref.push(
      at === null || at === undefined ? '0000000000 65535 f\r' : `${String(at).padStart(10, '0')} 00000 n\r`,
    )
  }
  const id = hex(fileId)
  const trailer =
    `trailer\n<< /Size ${size} /Root 1 0 R /Info 4 0 R${encryption ? ' /Encrypt 5 0 R' : ''} /ID [${id} ${id}] >>\n` +
    `startxref\n${offset}\n%%EOF\n`
  chunks.push(text(`${xref.join('\n')}\n${trailer}`))
  return Buffer.concat(chunks)
}

/** Writes a generated PDF (see pdfBytes); returns the absolute path. */
export async function makePdf(options: MakePdfOptions): Promise<string> {
  const path = resolve(options.path)
  await mkdir(dirname(path), { recursive: true })
  await writeFile(path, pdfBytes(options))
  return path
}
