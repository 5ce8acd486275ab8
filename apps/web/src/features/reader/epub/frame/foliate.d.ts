// The parts of foliate-js (plain ES modules, no types of their own) the reader frame uses.

declare module 'foliate-js/view.js' {
  export interface FoliateTocItem {
    label?: unknown
    href?: unknown
    subitems?: FoliateTocItem[] | null
  }
  export interface FoliateBook {
    sections: unknown[]
    toc?: FoliateTocItem[]
    dir?: string
    /** EPUB only: 'data' events carry each resource as it loads, to be transformed. */
    transformTarget?: EventTarget
  }
  export interface FoliateRelocateDetail {
    cfi?: string
    fraction?: number
  }
  export interface FoliateSearchChapter {
    label: string
    subitems: { cfi: string; excerpt: { pre: string; match: string; post: string } }[]
  }
  export type FoliateSearchYield = FoliateSearchChapter | { progress: number } | 'done'
  export interface FoliateRenderer extends HTMLElement {
    readonly atEnd: boolean
    setStyles(styles: string | [string, string]): void
  }
  export interface FoliateView extends HTMLElement {
    book: FoliateBook
    renderer: FoliateRenderer
    open(book: FoliateBook): Promise<void>
    init(options: { lastLocation?: string | null; showTextStart?: boolean }): Promise<void>
    goTo(target: string): Promise<unknown>
    next(): Promise<void>
    prev(): Promise<void>
    search(options: { query: string }): AsyncGenerator<FoliateSearchYield>
    clearSearch(): void
  }
}

declare module 'foliate-js/epub.js' {
  import type { FoliateBook } from 'foliate-js/view.js'
  export interface ZipLoader {
    loadText(name: string): Promise<string | null> | string | null
    loadBlob(name: string, type?: string): Promise<Blob | null> | Blob | null
    getSize(name: string): number
    sha1?: (data: string) => Promise<Uint8Array>
  }
  export class EPUB {
    constructor(loader: ZipLoader)
    init(): Promise<FoliateBook>
  }
}

declare module 'foliate-js/mobi.js' {
  import type { FoliateBook } from 'foliate-js/view.js'
  export function isMOBI(file: Blob): Promise<boolean>
  export class MOBI {
    constructor(options: { unzlib: (data: Uint8Array) => Uint8Array })
    open(file: Blob): Promise<FoliateBook>
  }
}

declare module 'foliate-js/fb2.js' {
  import type { FoliateBook } from 'foliate-js/view.js'
  export function makeFB2(blob: Blob): Promise<FoliateBook>
}

declare module 'foliate-js/vendor/fflate.js' {
  export function unzlibSync(data: Uint8Array): Uint8Array
}

declare module 'foliate-js/vendor/zip.js' {
  export interface ZipEntry {
    filename: string
    uncompressedSize: number
    compressedSize: number
    directory: boolean
    getData(writer: TextWriter): Promise<string>
    getData(writer: BlobWriter): Promise<Blob>
  }
  export function configure(options: { useWebWorkers: boolean }): void
  export class BlobReader {
    constructor(blob: Blob)
  }
  export class TextWriter {
    readonly kind?: 'text'
  }
  export class BlobWriter {
    readonly kind?: 'blob'
    constructor(mimeType?: string)
  }
  export class ZipReader {
    constructor(reader: BlobReader)
    getEntries(): Promise<ZipEntry[]>
  }
}
