import type { FeedEpisode, PodcastFeed } from '@shelfcast/contracts'
import { badRequest } from '../../http/errors.ts'
import { FetchError, type GuardedFetcher } from '../../net/index.ts'
import { htmlToText } from '../../html/html-to-text.ts'
import { sanitizeDescription } from '../../html/sanitize-description.ts'
import {
  FeedError,
  parsePodcastFeed,
  type FeedEpisode as ParsedEpisode,
  type PodcastFeed as ParsedFeed,
} from './feed-parser.ts'

/** Feeds larger than this are refused while streaming (a 2 GB "feed" never reaches memory). */
const MAX_FEED_BYTES = 40 * 1024 * 1024

/**
 * Fetches a podcast feed through the guarded fetcher and parses it into the client's shape. Every failure is
 * an HttpError 400 with the spec's words ('No episodes found in RSS feed', 'Invalid podcast feed: …', the
 * fetcher's safe message), never a 5xx.
 */
export async function fetchPodcastFeed(
  fetcher: GuardedFetcher,
  feedUrl: string,
  options: { signal?: AbortSignal } = {},
): Promise<PodcastFeed> {
  return toPodcastFeed(await fetchParsedFeed(fetcher, feedUrl, options), feedUrl)
}

/**
 * The feed as parsed, descriptions not yet sanitised: for a caller that keeps a few episodes of a long feed
 * (a refresh keeps the new ones) and passes only those through `toFeedEpisode`, sanitising is ~50 µs per
 * description.
 */
export async function fetchParsedFeed(
  fetcher: GuardedFetcher,
  feedUrl: string,
  options: { signal?: AbortSignal } = {},
): Promise<ParsedFeed> {
  let xml: string
  try {
    xml = await fetcher.fetchText(feedUrl, {
      maxBytes: MAX_FEED_BYTES,
      timeoutMs: 30_000,
      signal: options.signal,
    })
  } catch (err) {
    if (err instanceof FetchError) throw badRequest(err.userMessage)
    throw err
  }
  try {
    return parsePodcastFeed(xml)
  } catch (err) {
    if (err instanceof FeedError) throw badRequest(err.message)
    throw err
  }
}

/**
 * The parser's feed in the contract's shape (Audiobookshelf's `podcast` of POST /api/podcasts/feed): every
 * description sanitised here, the one place a fetched feed becomes the shape the answers and writers use.
 */
export function toPodcastFeed(feed: ParsedFeed, feedUrl: string): PodcastFeed {
  return {
    metadata: {
      title: feed.title,
      author: feed.author,
      description: sanitizeDescription(feed.description),
      descriptionPlain: htmlToText(feed.description),
      releaseDate: null,
      genres: feed.categories,
      feedUrl,
      imageUrl: feed.imageUrl,
      itunesPageUrl: null,
      itunesId: null,
      itunesArtistId: null,
      explicit: feed.explicit,
      language: feed.language,
      type: feed.type,
    },
    episodes: feed.episodes.map(toFeedEpisode),
    numEpisodes: feed.episodes.length,
    hasEpisodesWithoutPubDate: feed.hasEpisodesWithoutPubDate,
  }
}

export function toFeedEpisode(e: ParsedEpisode): FeedEpisode {
  return {
    guid: e.guid,
    title: e.title,
    subtitle: e.subtitle,
    description: sanitizeDescription(e.description),
    descriptionPlain: htmlToText(e.description),
    pubDate: e.publishedAt === null ? null : new Date(e.publishedAt).toUTCString(),
    publishedAt: e.publishedAt,
    season: e.season,
    episode: e.episode,
    episodeType: e.episodeType,
    explicit: e.explicit,
    duration: e.durationSec,
    enclosure: {
      url: e.enclosure.url,
      type: e.enclosure.type,
      length: e.enclosure.length === null ? null : String(e.enclosure.length),
    },
    chaptersUrl: e.chaptersUrl,
    transcriptUrl: e.transcriptUrl,
  }
}
