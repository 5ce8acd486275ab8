import fs from 'node:fs/promises'
import type { Logger } from 'pino'
import { regularFileInside } from '../../files/contained-path.ts'
import type { ScanService } from '../../scanner/scan.service.ts'
import type { PodcastItemsRepository, PodcastTarget } from './podcast-items.repository.ts'

/**
 * Keeps at most `maxEpisodesToKeep` downloaded episodes (0 = all): the oldest beyond the limit lose their
 * files (only files inside the podcast folder), then the podcast is rescanned. Answers how many went.
 */
export async function enforceMaxEpisodes(
  target: PodcastTarget,
  deps: {
    repo: PodcastItemsRepository
    scans: Pick<ScanService, 'scanItem'>
    log: Logger
    itemUpdated(itemId: string): Promise<void>
  },
): Promise<number> {
  const max = target.podcast.maxEpisodesToKeep
  if (!max || max <= 0) return 0
  const extra = (await deps.repo.downloadedEpisodes(target.id)).slice(max)
  let removed = 0
  for (const episode of extra) {
    const file = episode.path ? await regularFileInside(episode.path, [target.path]) : null
    if (!file) continue
    try {
      await fs.rm(file.path)
      removed++
    } catch (err) {
      deps.log.warn({ err, itemId: target.id, episodeId: episode.id }, 'old episode could not be removed')
    }
  }
  if (removed > 0) {
    deps.log.info({ itemId: target.id, removed, maxEpisodesToKeep: max }, 'removed old episodes')
    await deps.scans.scanItem(target.id)
    await deps.itemUpdated(target.id)
  }
  return removed
}
