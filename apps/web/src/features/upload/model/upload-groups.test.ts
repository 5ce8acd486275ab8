import { describe, expect, it } from 'vitest'
import { groupUploads, type ChosenFile } from './upload-groups.ts'

const f = (relativePath: string): ChosenFile => ({
  relativePath,
  file: new File(['x'], relativePath.split('/').pop() ?? ''),
})

describe('groupUploads', () => {
  it('reads author, series and title from the folders above the media', () => {
    const groups = groupUploads([
      f('Terry Pratchett/Discworld/Mort/01.mp3'),
      f('Terry Pratchett/Discworld/Mort/cover.jpg'),
      f('Ursula Le Guin/Earthsea/a.m4b'),
    ])
    expect(groups.map((g) => [g.author, g.series, g.title, g.files.map((x) => x.name)])).toEqual([
      ['Terry Pratchett', 'Discworld', 'Mort', ['01.mp3', 'cover.jpg']],
      ['Ursula Le Guin', '', 'Earthsea', ['a.m4b']],
    ])
  })
  it('keeps disc folders with their book and loose files together', () => {
    const discs = groupUploads([f('Book/CD1/01.mp3'), f('Book/CD 2/01.mp3')])
    expect(discs).toHaveLength(1)
    expect(discs[0]).toMatchObject({ title: 'Book', author: '' })
    const loose = groupUploads([f('Part 2.mp3'), f('Part 1.mp3')])
    expect(loose.map((g) => [g.title, g.files.map((x) => x.name)])).toEqual([
      ['Part 1', ['Part 1.mp3', 'Part 2.mp3']],
    ])
  })
  it('ignores folders without media', () => {
    expect(groupUploads([f('Notes/readme.txt')])).toEqual([])
  })
})
