import { describe, expect, it } from 'vitest'
import { isPageName, pageMimeType, sortPageNames } from './page-names.ts'

describe('comic page names', () => {
  it('takes the image types of comic pages, whatever the case of the extension', () => {
    expect(['a.jpg', 'a.JPEG', 'a.png', 'a.webp', 'a.gif', 'a.avif'].map(pageMimeType)).toEqual([
      'image/jpeg',
      'image/jpeg',
      'image/png',
      'image/webp',
      'image/gif',
      'image/avif',
    ])
    expect(['a.svg', 'a.bmp', 'a.xml', 'jpg', 'dir.png/readme', 'a.html'].map(pageMimeType)).toEqual([
      null,
      null,
      null,
      null,
      null,
      null,
    ])
  })

  it('leaves out directories, hidden and resource-fork entries and every name that could climb out', () => {
    const accepted = ['p1.jpg', 'ch 1/p1.jpg', 'a/b/c/p1.png', 'Ünïcode/ページ1.webp', 'a..b.png']
    expect(accepted.filter(isPageName)).toEqual(accepted)
    const refused = [
      '',
      'dir/',
      '../p.jpg',
      'a/../../p.jpg',
      'a/./p.jpg',
      '/etc/p.jpg',
      'C:/p.jpg',
      'c:p.jpg',
      '..\\p.jpg',
      'a\\p.jpg',
      '.hidden.jpg',
      'a/.hidden/p.jpg',
      '__MACOSX/._p1.jpg',
      'p1.jpg\u0000.txt',
      'line\nbreak.jpg',
      `${'a'.repeat(1100)}.jpg`,
      'notes.txt',
    ]
    expect(refused.filter(isPageName)).toEqual([])
  })

  it('sorts pages naturally: page2 before page10, folders by number too', () => {
    const names = ['page10.jpg', 'page2.jpg', 'Page1.jpg', 'ch10/p1.jpg', 'ch2/p10.jpg', 'ch2/p9.jpg']
    expect(sortPageNames(names.map((name) => ({ name }))).map((p) => p.name)).toEqual([
      'ch2/p9.jpg',
      'ch2/p10.jpg',
      'ch10/p1.jpg',
      'Page1.jpg',
      'page2.jpg',
      'page10.jpg',
    ])
  })
})
