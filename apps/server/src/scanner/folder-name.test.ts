import { describe, expect, it } from 'vitest'
import { discNumberOfFolder, isDiscFolder, parseBookFolder } from './folder-name.ts'
import { authorNameLF, lastFirst, sequenceSortValue, splitPersonNames, titleIgnoringPrefix } from './names.ts'

describe('splitPersonNames', () => {
  it.each([
    ['Terry Pratchett', ['Terry Pratchett']],
    ['Terry Pratchett & Neil Gaiman', ['Terry Pratchett', 'Neil Gaiman']],
    ['Terry Pratchett and Neil Gaiman', ['Terry Pratchett', 'Neil Gaiman']],
    ['Terry Pratchett; Neil Gaiman', ['Terry Pratchett', 'Neil Gaiman']],
    ['Terry Pratchett, Neil Gaiman', ['Terry Pratchett', 'Neil Gaiman']],
    ['Friedman, Milton', ['Milton Friedman']],
    ['Friedman, Milton & Friedman, Rose', ['Milton Friedman', 'Rose Friedman']],
    ['Friedman, Milton, Friedman, Rose', ['Milton Friedman', 'Rose Friedman']],
    ['Tolkien, J. R. R.', ['J. R. R. Tolkien']],
    ['Martin Luther King, Jr.', ['Martin Luther King Jr.']],
    ['Sandra Brown and Andrew Anderson', ['Sandra Brown', 'Andrew Anderson']],
    ['A & A', ['A']],
    ['  ', []],
    ['', []],
  ])('%s', (input, expected) => {
    expect(splitPersonNames(input)).toEqual(expected)
  })
})

describe('sort keys', () => {
  it.each([
    ['J. R. R. Tolkien', 'Tolkien, J. R. R.'],
    ['Plato', 'Plato'],
    ['Martin Luther King Jr.', 'King Jr., Martin Luther'],
    ['Ursula K. Le Guin', 'Le Guin, Ursula K.'],
    ['Ludwig van Beethoven', 'van Beethoven, Ludwig'],
  ])('lastFirst(%s)', (name, expected) => expect(lastFirst(name)).toBe(expected))

  it('joins last-first names', () => {
    expect(authorNameLF(['Terry Pratchett', 'Neil Gaiman'])).toBe('Pratchett, Terry, Gaiman, Neil')
  })

  it.each([
    ['The Hobbit', 'Hobbit, The'],
    ['A Wizard of Earthsea', 'Wizard of Earthsea, A'],
    ['Theory of Everything', 'Theory of Everything'],
    ['The', 'The'],
    ['Hobbit', 'Hobbit'],
  ])('titleIgnoringPrefix(%s)', (title, expected) =>
    expect(titleIgnoringPrefix(title, ['the', 'a'])).toBe(expected),
  )

  it.each([
    ['2', 2],
    ['2.5', 2.5],
    ['10', 10],
    ['1-2', 1],
    ['x', null],
    [null, null],
  ])('sequenceSortValue(%s)', (seq, expected) => expect(sequenceSortValue(seq)).toBe(expected))
})

describe('parseBookFolder', () => {
  const base = { subtitle: null, authors: [], narrators: [], series: null, publishedYear: null, asin: null }
  it.each([
    [['Single File Title'], { ...base, title: 'Single File Title' }],
    [['Terry Pratchett', 'Mort'], { ...base, title: 'Mort', authors: ['Terry Pratchett'] }],
    [
      ['Terry Pratchett', 'Discworld', 'Book 4 - Mort'],
      { ...base, title: 'Mort', authors: ['Terry Pratchett'], series: { name: 'Discworld', sequence: '4' } },
    ],
    [
      ['Terry Pratchett', 'Discworld', 'Vol. 3 Equal Rites'],
      {
        ...base,
        title: 'Equal Rites',
        authors: ['Terry Pratchett'],
        series: { name: 'Discworld', sequence: '3' },
      },
    ],
    [
      ['Terry Pratchett', 'Discworld', 'Volume 3 - Equal Rites'],
      {
        ...base,
        title: 'Equal Rites',
        authors: ['Terry Pratchett'],
        series: { name: 'Discworld', sequence: '3' },
      },
    ],
    [
      ['A', 'S', '6. Title'],
      { ...base, title: 'Title', authors: ['A'], series: { name: 'S', sequence: '6' } },
    ],
    [
      ['A', 'S', '0.5 - Prequel'],
      { ...base, title: 'Prequel', authors: ['A'], series: { name: 'S', sequence: '0.5' } },
    ],
    [
      ['A', 'S', '02 - Second'],
      { ...base, title: 'Second', authors: ['A'], series: { name: 'S', sequence: '2' } },
    ],
    [
      ['Dodie Smith', 'Dogs', '101 Dalmatians'],
      {
        ...base,
        title: '101 Dalmatians',
        authors: ['Dodie Smith'],
        series: { name: 'Dogs', sequence: null },
      },
    ],
    [['Dodie Smith', '101 Dalmatians'], { ...base, title: '101 Dalmatians', authors: ['Dodie Smith'] }],
    [['Author', '1980 - Title'], { ...base, title: 'Title', authors: ['Author'], publishedYear: '1980' }],
    [['Author', '(1980) - Title'], { ...base, title: 'Title', authors: ['Author'], publishedYear: '1980' }],
    [
      ['Author', 'Title - A Subtitle - With Dash'],
      { ...base, title: 'Title', subtitle: 'A Subtitle - With Dash', authors: ['Author'] },
    ],
    [['Author', 'Title [B0ABCDEFGH]'], { ...base, title: 'Title', authors: ['Author'], asin: 'B0ABCDEFGH' }],
    [
      ['Author', 'Title {Stephen Fry}'],
      { ...base, title: 'Title', authors: ['Author'], narrators: ['Stephen Fry'] },
    ],
    [
      [
        'Le Guin, Ursula K.',
        'Earthsea',
        'Book 1 - 1968 - A Wizard of Earthsea - Subtitle {Rob Inglis, Jane Doe} [B0ABCDEFGH]',
      ],
      {
        title: 'A Wizard of Earthsea',
        subtitle: 'Subtitle',
        authors: ['Ursula K. Le Guin'],
        narrators: ['Rob Inglis', 'Jane Doe'],
        series: { name: 'Earthsea', sequence: '1' },
        publishedYear: '1968',
        asin: 'B0ABCDEFGH',
      },
    ],
    [
      ['Ignored', 'Also Ignored', 'Author', 'Series', 'Book 2 - T'],
      { ...base, title: 'T', authors: ['Author'], series: { name: 'Series', sequence: '2' } },
    ],
    [
      ['Author', 'Series', '1980 - Book 2 - T'],
      {
        ...base,
        title: 'T',
        authors: ['Author'],
        publishedYear: '1980',
        series: { name: 'Series', sequence: '2' },
      },
    ],
    [['Author', 'Book 2 - T'], { ...base, title: 'Book 2', subtitle: 'T', authors: ['Author'] }],
  ])('%j', (parts, expected) => {
    expect(parseBookFolder(parts)).toEqual(expected)
  })

  it('knows disc folders', () => {
    expect(isDiscFolder('CD 1')).toBe(true)
    expect(isDiscFolder('cd2')).toBe(true)
    expect(isDiscFolder('Disc 10')).toBe(true)
    expect(isDiscFolder('Disk 3')).toBe(true)
    expect(isDiscFolder('CDs')).toBe(false)
    expect(isDiscFolder('Discworld 1')).toBe(false)
    expect(discNumberOfFolder('Disc 10')).toBe(10)
  })
})
