import { describe, expect, it } from 'vitest'
import { levenshtein, nearestEpisodes } from './episode-match.ts'
import { buildOpml, OpmlError, parseOpml } from './opml.ts'

describe('parseOpml', () => {
  it('never expands a DTD, and refuses external entities', () => {
    const laughs = `<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY a "aaaaaaaaaa"><!ENTITY b "&a;&a;&a;&a;">]>
      <opml version="2.0"><body><outline text="&b;" xmlUrl="https://x.example/f.xml"/></body></opml>`
    expect(parseOpml(laughs)).toEqual([{ title: '&b;', feedUrl: 'https://x.example/f.xml' }])
    const xxe = `<?xml version="1.0"?><!DOCTYPE opml [<!ENTITY x SYSTEM "file:///etc/passwd">]>
      <opml><body><outline text="&x;" xmlUrl="https://x.example/f.xml"/></body></opml>`
    expect(() => parseOpml(xxe)).toThrow(OpmlError)
  })

  it('reads what it wrote: titles and URLs with markup characters survive the round trip', () => {
    const podcasts = [
      { title: 'Q&A <Live> "Show"', feedUrl: 'https://a.example/rss?x=1&y=2' },
      { title: "It's", feedUrl: 'http://b.example/feed' },
    ]
    const xml = buildOpml('Mine & Yours', podcasts, new Date(Date.UTC(2024, 0, 1)))
    expect(xml).toContain('<title>Mine &amp; Yours</title>')
    expect(parseOpml(xml)).toEqual(podcasts)
  })
})

describe('episode matching', () => {
  it('counts edits and ranks feed episodes by them', () => {
    expect([levenshtein('kitten', 'sitting'), levenshtein('', 'abc'), levenshtein('same', 'same')]).toEqual([
      3, 3, 0,
    ])
    const ep = (title: string) => ({ title }) as Parameters<typeof nearestEpisodes>[0][number]
    expect(
      nearestEpisodes([ep('Episode 10'), ep('Episode 1'), ep('Other')], 'EPISODE  1').map(
        (m) => m.episode.title,
      ),
    ).toEqual(['Episode 1', 'Episode 10', 'Other'])
  })
})
