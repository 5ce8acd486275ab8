import fs from 'node:fs'
import path from 'node:path'
import { Transform } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type { Logger } from 'pino'
import type { Clock } from '../../clock.ts'
import { regularFileInside } from '../../files/contained-path.ts'
import { htmlToText } from '../../html/html-to-text.ts'
import type { GuardedFetcher } from '../../net/index.ts'
import type { ScanService } from '../../scanner/scan.service.ts'
import type { DownloadControl, DownloadJob, RunDownload } from './episode-download-queue.ts'
import { episodeExtension, episodeFileStem, freeEpisodePath } from './episode-file-name.ts'
import { tagEpisodeFile, type EpisodeTags } from '../../media/episode-tagger.ts'
import type { PodcastItemsRepository } from './podcast-items.repository.ts'

export interface EpisodeDownloaderDeps {
  fetcher: GuardedFetcher
  scans: Pick<ScanService, 'scanItem'>
  repo: PodcastItemsRepository
  ffmpegPath: string
  /** Covers may live in the metadata folder: an attached picture is read from there or the podcast folder. */
  metadataPath: string
  clock: Clock
  log: Logger
  /** Sends item_updated for the podcast once its new episode carries the feed's fields. */
  itemUpdated(itemId: string): Promise<void>
}

function tagsOf(job: DownloadJob): EpisodeTags {
  const e = job.episode
  return {
    title: e.title,
    podcastTitle: job.target.title || null,
    author: job.target.author,
    date: e.publishedAt === null ? null : new Date(e.publishedAt).toISOString().slice(0, 10),
    // The file's comment is plain text made here: a download request's descriptionPlain is the client's word.
    description: htmlToText(e.description),
    subtitle: e.subtitle,
    episode: e.episode,
    season: e.season,
  }
}

/** The enclosure's declared size, when the feed gave a plausible one (progress before the answer's headers). */
function declaredLength(length: string | null): number | null {
  const n = Number(length)
  return Number.isFinite(n) && n > 0 ? n : null
}

/**
 * One episode download: the enclosure streamed through the guarded fetcher into a hidden temporary file in
 * the podcast's folder, tagged with ffmpeg (kept untagged when that fails), renamed to its sanitised title
 * without overwriting anything, scanned in, and given the feed's fields.
 */
export function createEpisodeDownloader(deps: EpisodeDownloaderDeps): RunDownload {
  async function fetchEnclosure(job: DownloadJob, temp: string, control: DownloadControl) {
    const total = declaredLength(job.episode.enclosure.length)
    let bytes = 0
    const counter = new Transform({
      transform(chunk: Buffer, _encoding, callback) {
        bytes += chunk.length
        control.progress(bytes, total)
        callback(null, chunk)
      },
    })
    const written = pipeline(counter, fs.createWriteStream(temp, { flags: 'wx' }))
    try {
      const answer = await deps.fetcher.fetchToStream(job.episode.enclosure.url, counter, {
        signal: control.signal,
      })
      await written
      control.progress(bytes, total ?? bytes)
      return answer
    } catch (err) {
      await written.catch(() => undefined)
      throw err
    }
  }

  return async (job, control) => {
    const { download, episode, target } = job
    const folder = await fs.promises.realpath(target.path)
    if (!(await fs.promises.stat(folder)).isDirectory()) throw new Error('podcast folder is not a directory')
    const ext = episodeExtension(episode.enclosure.type, episode.enclosure.url)
    const temp = path.join(folder, `.${download.id}.download`)
    const tagged = path.join(folder, `.${download.id}.tagged.${ext}`)
    try {
      await fetchEnclosure(job, temp, control)
      const cover = target.coverPath
        ? await regularFileInside(target.coverPath, [folder, deps.metadataPath])
        : null
      const tagging = await tagEpisodeFile({
        ffmpegPath: deps.ffmpegPath,
        input: temp,
        output: tagged,
        tags: tagsOf(job),
        coverPath: cover?.path ?? null,
        signal: control.signal,
      })
      if (control.signal.aborted) throw new Error('cancelled')
      if (!tagging.ok) deps.log.warn({ err: tagging.error, downloadId: download.id }, 'episode kept untagged')
      // Chosen and renamed into without an await between: no other download can take the name meanwhile.
      const final = freeEpisodePath(folder, episodeFileStem(episode.title, ext), ext)
      fs.renameSync(tagging.ok ? tagged : temp, final)
      const fileName = path.basename(final)
      await deps.scans.scanItem(target.id)
      const found = await deps.repo.writeFeedFields(target.id, fileName, episode, deps.clock())
      if (!found) deps.log.warn({ itemId: target.id, fileName }, 'downloaded episode not found after scan')
      await deps.itemUpdated(target.id)
      return fileName
    } finally {
      await fs.promises.rm(temp, { force: true })
      await fs.promises.rm(tagged, { force: true })
    }
  }
}
