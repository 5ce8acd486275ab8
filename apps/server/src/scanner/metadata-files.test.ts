import { describe, expect, it } from 'vitest'
import { mergeBookMeta } from './book-meta.ts'
import {
  parseAbsBookJson,
  parseAbsPodcastJson,
  parseDescTxt,
  parseNfo,
  parseOpf,
  parseReaderTxt,
} from './metadata-files.ts'

const opf = `<?xml version="1.0" encoding="utf-8"?>
<package xmlns="http://www.idpf.org/2007/opf" unique-identifier="uuid_id" version="2.0">
  <metadata xmlns:dc="http://purl.org/dc/elements/1.1/" xmlns:opf="http://www.idpf.org/2007/opf">
    <dc:title>The Colour of Magic &amp; More</dc:title>
    <dc:creator opf:role="aut" opf:file-as="Pratchett, Terry">Terry Pratchett</dc:creator>
    <dc:creator opf:role="nrt">Nigel Planer</dc:creator>
    <dc:description>&lt;p&gt;A wizard.&lt;/p&gt;</dc:description>
    <dc:publisher>Corgi</dc:publisher>
    <dc:date>1983-11-24</dc:date>
    <dc:language>en</dc:language>
    <dc:subject>Fantasy</dc:subject>
    <dc:subject>Humour</dc:subject>
    <dc:identifier opf:scheme="ISBN">9780552124751</dc:identifier>
    <dc:identifier opf:scheme="ASIN">B0ABCDEFGH</dc:identifier>
    <meta name="calibre:series" content="Discworld"/>
    <meta name="calibre:series_index" content="1.0"/>
  </metadata>
</package>`

describe('OPF', () => {
  it('reads dc fields, roles, identifiers and calibre series', () => {
    expect(parseOpf(opf)).toEqual({
      title: 'The Colour of Magic & More',
      subtitle: null,
      authors: ['Terry Pratchett'],
      narrators: ['Nigel Planer'],
      series: [{ name: 'Discworld', sequence: '1' }],
      genres: ['Fantasy', 'Humour'],
      publishedYear: '1983',
      publishedDate: '1983-11-24',
      publisher: 'Corgi',
      description: '<p>A wizard.</p>',
      isbn: '9780552124751',
      asin: 'B0ABCDEFGH',
      language: 'en',
    })
  })

  it('refuses a document declaring entities (billion laughs, XXE), never expanding them', () => {
    const bomb = `<?xml version="1.0"?>
<!DOCTYPE lolz [<!ENTITY lol "lol"><!ENTITY lol2 "&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;&lol;">
<!ENTITY lol3 "&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;&lol2;">]>
<package><metadata><dc:title>&lol3;</dc:title></metadata></package>`
    expect(() => parseOpf(bomb)).toThrow('XML declares entities (refused)')
  })

  it('rejects what is not an OPF package', () => {
    expect(() => parseOpf('<html><body>no</body></html>')).toThrow()
    expect(() => parseOpf('<<<<')).toThrow()
  })
})

describe('metadata.json', () => {
  it('reads the Audiobookshelf book format', () => {
    const draft = parseAbsBookJson(
      JSON.stringify({
        title: 'T',
        authors: ['A One', 'A Two'],
        narrators: ['N'],
        series: ['S #2', 'Other'],
        genres: ['G'],
        tags: ['t1'],
        publishedYear: '2001',
        description: 'D',
        explicit: true,
        chapters: [
          { id: 0, start: 0, end: 10, title: 'One' },
          { id: 1, start: 10, end: 20, title: 'Two' },
        ],
      }),
    )
    expect(draft).toMatchObject({
      title: 'T',
      authors: ['A One', 'A Two'],
      series: [
        { name: 'S', sequence: '2' },
        { name: 'Other', sequence: null },
      ],
      tags: ['t1'],
      explicit: true,
      chapters: [
        { id: 0, start: 0, end: 10, title: 'One' },
        { id: 1, start: 10, end: 20, title: 'Two' },
      ],
    })
  })

  it('ignores fields of the wrong type, throws on malformed JSON', () => {
    expect(parseAbsBookJson('{"title": 5, "authors": "nope", "explicit": "yes"}')).toMatchObject({
      title: '5',
      authors: undefined,
      explicit: undefined,
    })
    expect(() => parseAbsBookJson('{"title": ')).toThrow()
    expect(() => parseAbsBookJson('[1,2]')).toThrow()
  })

  it('reads the podcast format', () => {
    expect(
      parseAbsPodcastJson('{"title":"P","author":"Host","type":"serial","feedUrl":"https://x/feed"}'),
    ).toMatchObject({
      title: 'P',
      author: 'Host',
      type: 'serial',
      feedUrl: 'https://x/feed',
    })
  })
})

describe('NFO, desc.txt, reader.txt', () => {
  it('reads key/value lines and the description section', () => {
    const nfo = [
      'General Information',
      '===================',
      'Title:                  Mort',
      'Author:                 Terry Pratchett',
      'Read By:                Nigel Planer',
      'Series Name:            Discworld',
      'Position in Series:     4',
      'Genre:                  Fantasy',
      'Copyright:              1987',
      'Unabridged:             Yes',
      '',
      'Book Description',
      '================',
      'Death takes an apprentice.',
    ].join('\n')
    expect(parseNfo(nfo)).toEqual({
      title: 'Mort',
      authors: ['Terry Pratchett'],
      narrators: ['Nigel Planer'],
      series: [{ name: 'Discworld', sequence: '4' }],
      genres: ['Fantasy'],
      publishedYear: '1987',
      abridged: false,
      description: 'Death takes an apprentice.',
    })
  })

  it('reads desc.txt and reader.txt', () => {
    expect(parseDescTxt('  A story.\n')).toEqual({ description: 'A story.' })
    expect(parseReaderTxt('Stephen Fry\nKate Reading & Michael Kramer\n')).toEqual({
      narrators: ['Stephen Fry', 'Kate Reading', 'Michael Kramer'],
    })
  })
})

describe('mergeBookMeta', () => {
  it('lets later sources win field by field and ignores empty values', () => {
    const merged = mergeBookMeta(
      [
        { title: 'Folder', authors: ['Folder Author'], publishedYear: '1999' },
        { title: 'Tag', authors: [], description: 'tag desc', narrators: ['N'] },
        { title: '', description: null, genres: ['G'] },
      ],
      'Fallback',
    )
    expect(merged).toMatchObject({
      title: 'Tag',
      authors: ['Folder Author'],
      publishedYear: '1999',
      description: 'tag desc',
      narrators: ['N'],
      genres: ['G'],
      chapters: null,
    })
  })
})
