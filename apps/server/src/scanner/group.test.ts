import { describe, expect, it } from 'vitest'
import { groupIntoItems } from './group.ts'
import type { WalkedFile } from './walk.ts'

const file = (relPath: string): WalkedFile => ({
  path: `/lib/${relPath}`,
  relPath,
  name: relPath.split('/').pop() ?? relPath,
  ino: relPath,
  size: 1,
  mtimeMs: 0,
  ctimeMs: 0,
  birthtimeMs: 0,
})
const group = (paths: string[], mediaType: 'book' | 'podcast' = 'book') =>
  groupIntoItems(paths.map(file), mediaType).map((c) => ({
    item: c.relPath,
    isFile: c.isFile,
    files: c.files.map((f) => f.relPath),
  }))

describe('groupIntoItems', () => {
  it('makes a folder holding media an item, with everything below it', () => {
    expect(
      group([
        'Author/Book/a.mp3',
        'Author/Book/cover.jpg',
        'Author/Book/extras/notes.txt',
        'Author/photo.jpg',
      ]),
    ).toEqual([
      {
        item: 'Author/Book',
        isFile: false,
        files: ['Author/Book/a.mp3', 'Author/Book/cover.jpg', 'Author/Book/extras/notes.txt'],
      },
    ])
  })

  it('folds CD / Disc folders into their parent', () => {
    expect(group(['A/Book/CD 1/a.mp3', 'A/Book/CD 2/a.mp3', 'A/Other/Disc 1/x.mp3'])).toEqual([
      { item: 'A/Book', isFile: false, files: ['A/Book/CD 1/a.mp3', 'A/Book/CD 2/a.mp3'] },
      { item: 'A/Other', isFile: false, files: ['A/Other/Disc 1/x.mp3'] },
    ])
  })

  it('makes a media file in the root a single-file item, ignoring other root files', () => {
    expect(group(['Loose.m4b', 'readme.txt', 'cover.jpg'])).toEqual([
      { item: 'Loose.m4b', isFile: true, files: ['Loose.m4b'] },
    ])
  })

  it('counts ebooks as media in book libraries only', () => {
    expect(group(['A/Paper/book.epub'])).toEqual([
      { item: 'A/Paper', isFile: false, files: ['A/Paper/book.epub'] },
    ])
    expect(group(['Show/book.epub'], 'podcast')).toEqual([])
  })

  it('gives media in a subfolder of an item folder to that item', () => {
    expect(group(['A/Book/a.mp3', 'A/Book/Bonus/b.mp3']).map((g) => g.item)).toEqual(['A/Book'])
  })

  it('keeps sibling books apart', () => {
    expect(group(['A/One/a.mp3', 'A/Two/b.mp3', 'A/Series/3 - Three/c.mp3']).map((g) => g.item)).toEqual([
      'A/One',
      'A/Series/3 - Three',
      'A/Two',
    ])
  })

  it('makes the top folder of a podcast library the show, with episodes in its subfolders', () => {
    expect(
      group(
        ['Show/2023/ep1.mp3', 'Show/2024/ep2.mp3', 'Show/cover.jpg', 'Other Show/ep.mp3', 'loose.mp3'],
        'podcast',
      ),
    ).toEqual([
      { item: 'Other Show', isFile: false, files: ['Other Show/ep.mp3'] },
      { item: 'Show', isFile: false, files: ['Show/2023/ep1.mp3', 'Show/2024/ep2.mp3', 'Show/cover.jpg'] },
    ])
  })

  it('keeps a podcast show folder without episodes when it holds its metadata.json or a cover', () => {
    expect(
      group(['New/metadata.json', 'Art/cover.jpg', 'Notes/readme.txt', 'Deep/sub/metadata.json'], 'podcast'),
    ).toEqual([
      { item: 'Art', isFile: false, files: ['Art/cover.jpg'] },
      { item: 'New', isFile: false, files: ['New/metadata.json'] },
    ])
  })
})
