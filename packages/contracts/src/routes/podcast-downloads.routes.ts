import { z } from 'zod'
import {
  CheckNewQuery,
  CheckNewResponse,
  DownloadEpisodesRequest,
  DownloadEpisodesResponse,
  EpisodeDownloadQueue,
} from '../podcasts.ts'
import { defineRoute } from './route.ts'

const tag = 'Podcast downloads'
const noPodcast = 'No such podcast, or not accessible'

/** Episode downloads and their queue (modules/podcast-downloads): admins only, as in Audiobookshelf. */
export const podcastDownloadRoutes = {
  checkNew: defineRoute({
    method: 'GET',
    path: '/api/podcasts/:id/checknew',
    tag,
    summary: "Checks the podcast's feed now and queues the new episodes it finds",
    access: 'admin',
    query: CheckNewQuery,
    answer: CheckNewResponse,
    errors: { 400: 'Bad limit, no feed URL, or an unusable feed', 404: noPodcast },
  }),
  downloadEpisodes: defineRoute({
    method: 'POST',
    path: '/api/podcasts/:id/download-episodes',
    tag,
    summary: 'Queues the given feed episodes for download',
    access: 'admin',
    body: DownloadEpisodesRequest,
    answer: DownloadEpisodesResponse,
    errors: { 400: 'No episodes, or a bad episode', 404: noPodcast },
  }),
  podcastQueue: defineRoute({
    method: 'GET',
    path: '/api/podcasts/:id/downloads',
    tag,
    summary: "The podcast's running and queued downloads",
    access: 'admin',
    answer: EpisodeDownloadQueue,
    errors: { 404: noPodcast },
  }),
  clearQueue: defineRoute({
    method: 'GET',
    path: '/api/podcasts/:id/clear-queue',
    tag,
    summary: "Drops the podcast's queued (not running) downloads; answers what is left",
    access: 'admin',
    answer: EpisodeDownloadQueue,
    errors: { 404: noPodcast },
  }),
  cancel: defineRoute({
    method: 'DELETE',
    path: '/api/podcasts/downloads/:downloadId',
    tag,
    summary: 'Cancels one queued or running download',
    access: 'admin',
    answer: z.object({}),
    errors: { 404: 'No such download, or its podcast is not accessible' },
  }),
  libraryQueue: defineRoute({
    method: 'GET',
    path: '/api/libraries/:id/episode-downloads',
    tag,
    summary: "The library's running and queued downloads",
    access: 'admin',
    answer: EpisodeDownloadQueue,
    errors: { 404: 'No such library, or not accessible' },
  }),
} as const
