import crypto from 'node:crypto'
import fs from 'node:fs/promises'
import path from 'node:path'
import type {
  CreatePodcastRequest,
  FeedEpisode,
  FeedPodcastMetadata,
  Library,
  LibraryItem,
  OpmlCreateRequest,
  OpmlFeed,
  FullPodcastEpisode,
  PodcastFeed,
  PodcastMetadata,
  PodcastScheduleInput,
  PodcastTitlesResponse,
  RecentEpisodesResponse,
  SearchEpisodeResponse,
  UpdateEpisodeRequest,
  UpdateMediaResponse,
  UpdatePodcastMediaRequest,
} from '@shelfcast/contracts'
import { z } from 'zod'
import type { Updateable } from 'kysely'
import type { PodcastEpisodesTable } from '../../db/schema.ts'
import { isInsideOrEqual, regularFileInside } from '../../files/contained-path.ts'
import { extensionOf } from '../../files/media-types.ts'
import { sanitizeFilename } from '../../files/sanitize-filename.ts'
import { sanitizeDescription } from '../../html/sanitize-description.ts'
import { badRequest, HttpError, notFound } from '../../http/errors.ts'
import { FetchError } from '../../net/index.ts'
import { ItemEvents } from '../../scanner/item-events.ts'
import type { RemovedEpisodeFile } from '../../scanner/podcast-builder.ts'
import { titleIgnoringPrefix } from '../../scanner/names.ts'
import { canSeeItem } from '../library-items/item-visibility.ts'
import { podcastMetadata, toEpisodeJson, toFullEpisodeJson } from '../library-items/item-json.ts'
import {
  jsonColumn,
  PodcastColumn,
  stringArrayColumn,
  type EpisodeRow,
  type ItemRow,
} from '../../db/item-rows.ts'
import { writeItemMetadataJson } from '../item-edit/metadata-writer.ts'
import type { PodcastDownloads } from '../podcast-downloads/podcast-downloads-module.ts'
import type { UserRecord } from '../users/users.model.ts'
import { feedEpisodeColumns, feedEpisodeFor, nearestEpisodes } from './episode-match.ts'
import { fetchPodcastFeed } from './feed-fetch.ts'
import { buildOpml, OpmlError, parseOpml } from './opml.ts'
import type { PodcastDeps } from './podcast-deps.ts'
import { PodcastsRepository, type RecentPodcastFacts } from './podcasts.repository.ts'

export const PODCAST_NOT_FOUND = 'Podcast not found'
const EPISODE_NOT_FOUND = 'Episode not found'
const NO_FEED = 'Podcast does not have an RSS feed'
const defaultPodcast = PodcastColumn.parse({})

/** A metadata.json of a podcast, in the keys the scanner reads (Audiobookshelf's, plus `type`). */
function podcastJson(meta: PodcastMetadata, tags: readonly string[]) {
  return {
    tags,
    title: meta.title,
    author: meta.author,
    description: meta.description,
    releaseDate: meta.releaseDate,
    genres: meta.genres,
    feedUrl: meta.feedUrl,
    imageUrl: meta.imageUrl,
    itunesPageUrl: meta.itunesPageUrl,
    itunesId: meta.itunesId,
    itunesArtistId: meta.itunesArtistId,
    explicit: meta.explicit,
    language: meta.language,
    type: meta.type,
  }
}

/** A saved podcast's metadata.json as an edit writes it (tag and genre changes write the same). */
export function podcastMetadataJson(row: ItemRow) {
  const column = jsonColumn(row.podcast, PodcastColumn, defaultPodcast)
  return podcastJson(podcastMetadata(row, column), stringArrayColumn(row.tags))
}

const scheduleFields = (s: PodcastScheduleInput) =>
  Object.fromEntries(
    (
      [
        'autoDownloadEpisodes',
        'autoDownloadSchedule',
        'maxEpisodesToKeep',
        'maxNewEpisodesToDownload',
      ] as const
    )
      .filter((k) => s[k] !== undefined)
      .map((k) => [k, s[k]]),
  ) as Partial<PodcastColumn>

/**
 * Subscriptions (feed preview, create, OPML in and out), episodes (view, edit, remove, latest, match to
 * the feed) and podcast-level edits. Podcast items are made by the scanner from the folder this service
 * creates, so a subscription and a hand-made podcast folder are the same thing afterwards.
 */
export class PodcastsService {
  private readonly deps: PodcastDeps & { downloads: PodcastDownloads }
  private readonly repo: PodcastsRepository
  private readonly events: ItemEvents
  constructor(deps: PodcastDeps & { downloads: PodcastDownloads }) {
    this.deps = deps
    this.repo = new PodcastsRepository(deps.database.db)
    this.events = new ItemEvents(deps.realtime)
  }

  feed(url: string, signal?: AbortSignal): Promise<PodcastFeed> {
    return fetchPodcastFeed(this.deps.fetcher, url, { signal })
  }

  private async podcastOr404(user: UserRecord, id: string): Promise<ItemRow> {
    const row = await this.repo.visiblePodcast(user, id)
    if (!row) throw notFound(PODCAST_NOT_FOUND)
    return row
  }

  async isPodcast(id: string): Promise<boolean> {
    return (await this.repo.mediaType(id)) === 'podcast'
  }

  private async podcastLibrary(user: UserRecord, libraryId: string, folderId?: string) {
    const library = await this.deps.libraries.getFor(user, libraryId)
    if (library.mediaType !== 'podcast') throw badRequest('Library is not a podcast library')
    if (folderId === undefined) return { library, folder: null }
    const folder = library.folders.find((f) => f.id === folderId)
    if (!folder) throw badRequest('Folder not found in this library')
    return { library, folder }
  }

  private async expanded(id: string): Promise<LibraryItem> {
    const [item] = await this.deps.browse.items.expanded([id])
    if (!item) throw notFound(PODCAST_NOT_FOUND)
    return item
  }

  private async emitUpdated(id: string) {
    const [saved] = await this.deps.scanRepo.loadItems([id])
    if (saved) this.events.updatedOne(saved)
  }

  /** POST /api/podcasts: the folder, its cover and metadata.json, the item, then the chosen downloads. */
  async create(user: UserRecord, req: CreatePodcastRequest): Promise<LibraryItem> {
    const { library, folder } = await this.podcastLibrary(user, req.libraryId, req.folderId)
    if (!folder) throw badRequest('Folder not found in this library')
    const dir = await this.newPodcastDir(folder.fullPath, req.path)
    const id = await this.subscribe(library, dir, req.media.metadata, req.media.tags ?? [], req.media)
    if (req.episodesToDownload?.length) await this.deps.downloads.enqueue(id, req.episodesToDownload)
    return this.expanded(id)
  }

  /**
   * The podcast's folder: directly inside the library folder (the scanner makes each top-level folder a
   * show), resolved through symlinks, and not already an item.
   */
  private async newPodcastDir(root: string, wanted: string): Promise<string> {
    if (wanted.includes('\0') || !path.isAbsolute(wanted)) throw badRequest('Invalid podcast path')
    const realRoot = await fs.realpath(root).catch(() => null)
    if (!realRoot) throw badRequest('Library folder does not exist')
    const lexical = path.resolve(wanted)
    const parent = path.dirname(lexical)
    if (parent !== path.resolve(root) && parent !== realRoot)
      throw badRequest('Podcast folder must be directly inside the library folder')
    // One plain segment below the root: the folder cannot lie anywhere else, whatever the path said.
    const name = path.basename(lexical)
    if (!name || sanitizeFilename(name) !== name) throw badRequest('Invalid podcast folder name')
    const dir = path.join(path.resolve(root), name)
    const existing = await fs.lstat(dir).catch(() => null)
    if (existing && !existing.isDirectory()) throw badRequest('Podcast path is not a folder')
    if (await this.repo.itemIdAtPath(dir)) throw badRequest('Podcast already exists at this path')
    return dir
  }

  /** Creates the folder, cover and metadata.json, scans the item in and sets its schedule; emits item_added. */
  private async subscribe(
    library: Library,
    dir: string,
    feedMeta: Partial<FeedPodcastMetadata> & { title: string },
    tags: readonly string[],
    schedule: PodcastScheduleInput,
  ): Promise<string> {
    const { log } = this.deps
    await fs.mkdir(dir, { recursive: true }).catch((err: unknown) => {
      log.warn({ err, dir }, 'podcast folder not created')
      throw badRequest('Podcast folder could not be created')
    })
    if (feedMeta.imageUrl) {
      try {
        const image = await this.deps.fetcher.fetchImage(feedMeta.imageUrl, { maxBytes: 20 * 1024 * 1024 })
        const ext = extensionOf(image.imageType) ?? 'jpg'
        await fs.writeFile(path.join(dir, `cover.${ext}`), image.body)
      } catch (err) {
        // A podcast without its cover is still a podcast; the user can set one later.
        log.warn(
          { err: err instanceof FetchError ? err.userMessage : err, url: feedMeta.imageUrl },
          'podcast cover not saved',
        )
      }
    }
    const meta: PodcastMetadata = {
      title: feedMeta.title,
      titleIgnorePrefix: null,
      author: feedMeta.author ?? null,
      description: sanitizeDescription(feedMeta.description),
      releaseDate: feedMeta.releaseDate ?? null,
      genres: feedMeta.genres ?? [],
      feedUrl: feedMeta.feedUrl ?? null,
      imageUrl: feedMeta.imageUrl ?? null,
      itunesPageUrl: feedMeta.itunesPageUrl ?? null,
      itunesId: feedMeta.itunesId ?? null,
      itunesArtistId: feedMeta.itunesArtistId ?? null,
      explicit: feedMeta.explicit ?? false,
      language: feedMeta.language ?? null,
      type: feedMeta.type ?? 'episodic',
    }
    // Always beside the episodes: a show with none yet is known to the scanner by this file.
    await writeItemMetadataJson({
      item: { id: crypto.randomUUID(), path: dir, isFile: false },
      metadataPath: this.deps.config.metadataPath,
      storeWithItem: true,
      json: podcastJson(meta, tags),
      log,
    })
    await this.deps.scanner.scans.scanChangedPaths(library.id, [dir])
    const id = await this.repo.itemIdAtPath(dir)
    // e.g. a read-only library folder: metadata.json went to the metadata folder and the folder stayed empty.
    if (!id) throw badRequest('Podcast folder could not be written')
    const fields = scheduleFields(schedule)
    if (Object.keys(fields).length) await this.repo.patchPodcastColumn(id, fields)
    const json = await this.expanded(id)
    const facts = { libraryId: library.id, tags: json.media.tags, explicit: meta.explicit }
    this.deps.realtime.toUsersWhere((u) => canSeeItem(u, facts), 'item_added', json)
    if (fields.autoDownloadEpisodes !== undefined || fields.autoDownloadSchedule !== undefined)
      await this.deps.downloads.scheduleChanged(id)
    return id
  }

  async titles(user: UserRecord, libraryId: string): Promise<PodcastTitlesResponse> {
    await this.podcastLibrary(user, libraryId)
    const podcasts = await this.repo.summaries(libraryId)
    return { podcasts: podcasts.map((p) => ({ ...p, libraryId })) }
  }

  parseOpml(text: string): OpmlFeed[] {
    try {
      return parseOpml(text)
    } catch (err) {
      if (err instanceof OpmlError) throw badRequest(err.message)
      throw err
    }
  }

  /** Checks the target now (400s), then subscribes to each feed as one task; answers before it runs. */
  async startOpmlImport(user: UserRecord, req: OpmlCreateRequest): Promise<void> {
    const { library, folder } = await this.podcastLibrary(user, req.libraryId, req.folderId)
    if (!folder) throw badRequest('Folder not found in this library')
    const feeds = [...new Set(req.feeds)]
    const task = this.deps.tasks.start({
      action: 'opml-import',
      title: `Importing ${feeds.length} podcast feeds`,
      titleKey: 'MessageTaskOpmlImport',
      titleSubs: [String(feeds.length)],
      data: { libraryId: library.id, libraryName: library.name },
      showSuccess: true,
    })
    void (async () => {
      const subscribed = new Set(
        (await this.repo.summaries(library.id)).map((p) => p.feedUrl).filter(Boolean),
      )
      const failed: string[] = []
      let added = 0
      let skipped = 0
      for (const [i, url] of feeds.entries()) {
        try {
          if (subscribed.has(url)) {
            skipped++
            continue
          }
          const feed = await this.feed(url)
          const name = sanitizeFilename(feed.metadata.title)
          if (!name) throw badRequest('Podcast title cannot be a folder name')
          const dir = await this.newPodcastDir(folder.fullPath, path.join(folder.fullPath, name))
          await this.subscribe(library, dir, feed.metadata, [], {
            autoDownloadEpisodes: req.autoDownloadEpisodes ?? false,
          })
          subscribed.add(url)
          added++
        } catch (err) {
          this.deps.log.info({ err: err instanceof Error ? err.message : err, url }, 'OPML feed not imported')
          failed.push(`${url} (${err instanceof HttpError ? err.message : 'failed'})`)
        } finally {
          task.progress(((i + 1) / feeds.length) * 100)
        }
      }
      const summary = `${added} podcasts added, ${skipped} already subscribed, ${failed.length} failed`
      task.finish({
        description: failed.length ? `${summary}: ${failed.join(', ')}` : summary,
        descriptionKey: failed.length ? 'MessageTaskOpmlImportSummaryFailed' : 'MessageTaskOpmlImportSummary',
        descriptionSubs: [String(added), String(skipped), String(failed.length), failed.join(', ')],
        error: failed.length ? `Failed to import ${failed.length} feeds: ${failed.join(', ')}` : null,
        errorKey: failed.length ? 'MessageTaskOpmlImportFailedFeeds' : null,
        errorSubs: failed.length ? [String(failed.length), failed.join(', ')] : null,
        failed: failed.length > 0 && added === 0 && skipped === 0,
      })
    })().catch((err: unknown) => {
      this.deps.log.error({ err }, 'OPML import failed')
      task.finish({ error: 'OPML import failed', failed: true })
    })
  }

  async exportOpml(user: UserRecord, libraryId: string): Promise<{ name: string; xml: string }> {
    const { library } = await this.podcastLibrary(user, libraryId)
    const all = await this.repo.summaries(libraryId)
    const visible = new Set(
      await this.deps.browse.items.filterVisible(
        user,
        all.map((p) => p.libraryItemId),
      ),
    )
    const podcasts = all.flatMap((p) =>
      p.feedUrl && visible.has(p.libraryItemId) ? [{ title: p.title, feedUrl: p.feedUrl }] : [],
    )
    return { name: library.name, xml: buildOpml(library.name, podcasts, new Date(this.deps.clock())) }
  }

  async episode(user: UserRecord, itemId: string, episodeId: string): Promise<FullPodcastEpisode> {
    const item = await this.podcastOr404(user, itemId)
    const row = await this.repo.episode(item.id, episodeId)
    if (!row) throw notFound(EPISODE_NOT_FOUND)
    return toFullEpisodeJson(row, item.media_id)
  }

  async updateEpisode(
    user: UserRecord,
    itemId: string,
    episodeId: string,
    req: UpdateEpisodeRequest,
  ): Promise<LibraryItem> {
    const item = await this.podcastOr404(user, itemId)
    const row = await this.repo.episode(item.id, episodeId)
    if (!row) throw notFound(EPISODE_NOT_FOUND)
    const set: Updateable<PodcastEpisodesTable> = {}
    if (req.title !== undefined) set.title = req.title
    if (req.subtitle !== undefined) set.subtitle = req.subtitle
    if (req.description !== undefined) set.description = sanitizeDescription(req.description)
    if (req.season !== undefined) set.season = req.season
    if (req.episode !== undefined) set.episode = req.episode
    if (req.episodeType !== undefined) set.episode_type = req.episodeType
    if (req.guid !== undefined) set.guid = req.guid
    if (req.enclosure !== undefined) set.enclosure = req.enclosure ? JSON.stringify(req.enclosure) : null
    if (req.pubDate !== undefined) {
      const at = req.pubDate ? Date.parse(req.pubDate) : null
      if (at !== null && !Number.isFinite(at)) throw badRequest('Invalid publish date')
      set.pub_date = req.pubDate
      set.published_at = at
    }
    if (req.publishedAt !== undefined) {
      set.published_at = req.publishedAt
      if (req.pubDate === undefined)
        set.pub_date = req.publishedAt === null ? null : new Date(req.publishedAt).toUTCString()
    }
    if (Object.keys(set).length) {
      await this.repo.updateEpisode(row.id, { ...set, updated_at: this.deps.clock() })
      await this.emitUpdated(item.id)
    }
    // Audiobookshelf answers an episode edit with the whole item.
    return this.expanded(item.id)
  }

  /** Removes an episode; `hard` deletes its audio file too (only inside the podcast's folder). */
  async removeEpisode(
    user: UserRecord,
    itemId: string,
    episodeId: string,
    hard: boolean,
  ): Promise<LibraryItem> {
    const item = await this.podcastOr404(user, itemId)
    const row = await this.repo.episode(item.id, episodeId)
    if (!row) throw notFound(EPISODE_NOT_FOUND)
    const audio = jsonColumn(row.audio_file, PodcastFileFacts, null)
    let remembered: RemovedEpisodeFile | null = null
    let deleted = false
    if (audio && hard) {
      const file = await regularFileInside(audio.metadata.path, [item.path])
      if (file && !isInsideOrEqual(item.path, file.path)) {
        deleted = await fs.rm(file.path, { force: true }).then(
          () => true,
          (err: unknown) => {
            this.deps.log.warn({ err, path: file.path }, 'episode file could not be deleted')
            return false
          },
        )
      }
    } else if (audio) {
      remembered = { relPath: audio.metadata.relPath, ino: audio.ino, mtimeMs: audio.metadata.mtimeMs }
    }
    await this.repo.removeEpisode(item.id, row.id, remembered)
    // The item's file list and size still name the deleted file: a rescan of the item brings them up to date.
    if (deleted) {
      await this.deps.scanner.scans.scanItem(item.id).catch((err: unknown) => {
        this.deps.log.warn({ err, itemId: item.id }, 'podcast rescan after an episode deletion failed')
      })
    }
    await this.emitUpdated(item.id)
    return this.expanded(item.id)
  }

  async recentEpisodes(
    user: UserRecord,
    libraryId: string,
    limit: number,
    page: number,
  ): Promise<RecentEpisodesResponse> {
    const library = await this.deps.libraries.getFor(user, libraryId)
    // Audiobookshelf: only podcast libraries have a Latest page.
    if (library.mediaType !== 'podcast') throw notFound('Not a podcast library')
    const { rows, total } = await this.repo.recentEpisodes(user, libraryId, limit, page * limit)
    return {
      episodes: rows.map(({ item, ...row }) => ({
        ...toEpisodeJson(row, item.media_id),
        podcast: recentPodcast(item),
      })),
      total,
      limit,
      page,
    }
  }

  private async feedOf(item: ItemRow): Promise<PodcastFeed> {
    const feedUrl = jsonColumn(item.podcast, PodcastColumn, defaultPodcast).feedUrl
    if (!feedUrl) throw badRequest(NO_FEED)
    return this.feed(feedUrl)
  }

  async searchEpisode(user: UserRecord, itemId: string, title: string): Promise<SearchEpisodeResponse> {
    const feed = await this.feedOf(await this.podcastOr404(user, itemId))
    return { episodes: nearestEpisodes(feed.episodes, title) }
  }

  /**
   * Fills the feed's facts into episodes that have a file: what is missing, or everything with
   * `override`. Answers how many episodes changed.
   */
  async matchEpisodes(
    user: UserRecord,
    itemId: string,
    override: boolean,
  ): Promise<{ numEpisodesUpdated: number }> {
    const item = await this.podcastOr404(user, itemId)
    const feed = await this.feedOf(item)
    let numEpisodesUpdated = 0
    for (const row of await this.repo.episodes(item.id)) {
      if (!row.audio_file) continue
      const match = feedEpisodeFor(row, feed.episodes)
      if (!match) continue
      const set = feedFieldsToFill(row, match, override)
      if (Object.keys(set).length === 0) continue
      await this.repo.updateEpisode(row.id, { ...set, updated_at: this.deps.clock() })
      numEpisodesUpdated++
    }
    if (numEpisodesUpdated) await this.emitUpdated(item.id)
    return { numEpisodesUpdated }
  }

  /** PATCH /api/items/:id/media for a podcast: metadata, tags and schedule; saved like a scan saves it. */
  async updateMedia(
    user: UserRecord,
    id: string,
    req: UpdatePodcastMediaRequest,
  ): Promise<UpdateMediaResponse> {
    const item = await this.podcastOr404(user, id)
    const [saved] = await this.deps.scanRepo.loadItems([item.id])
    if (!saved) throw notFound(PODCAST_NOT_FOUND)
    const column = jsonColumn(item.podcast, PodcastColumn, defaultPodcast)
    const rawColumn = rawObject(item.podcast)
    const before = podcastMetadata(item, column)
    const m = req.metadata ?? {}
    const meta: PodcastMetadata = {
      title: m.title ?? before.title,
      titleIgnorePrefix: before.titleIgnorePrefix,
      author: m.author !== undefined ? m.author : before.author,
      description: m.description !== undefined ? sanitizeDescription(m.description) : before.description,
      releaseDate: m.releaseDate !== undefined ? m.releaseDate : before.releaseDate,
      genres: m.genres ?? before.genres,
      feedUrl: m.feedUrl !== undefined ? m.feedUrl : before.feedUrl,
      imageUrl: m.imageUrl !== undefined ? m.imageUrl : before.imageUrl,
      itunesPageUrl: m.itunesPageUrl !== undefined ? m.itunesPageUrl : before.itunesPageUrl,
      itunesId: m.itunesId !== undefined ? m.itunesId : before.itunesId,
      itunesArtistId: m.itunesArtistId !== undefined ? m.itunesArtistId : before.itunesArtistId,
      explicit: m.explicit ?? before.explicit,
      language: m.language !== undefined ? m.language : before.language,
      type: m.type !== undefined ? m.type : before.type,
    }
    const tags = req.tags ?? stringArrayColumn(item.tags)
    const schedule = scheduleFields(req)
    const nextColumn = {
      ...rawColumn,
      ...column,
      author: meta.author,
      releaseDate: meta.releaseDate,
      feedUrl: meta.feedUrl,
      imageUrl: meta.imageUrl,
      itunesPageUrl: meta.itunesPageUrl,
      itunesId: meta.itunesId,
      itunesArtistId: meta.itunesArtistId,
      type: meta.type,
      ...schedule,
    }
    const server = await this.deps.settings.getServerSettings()
    const title = meta.title ?? item.title
    const row: ItemRow = {
      ...item,
      title,
      title_ignore_prefix: titleIgnoringPrefix(title, server.sortingPrefixes),
      author_name: meta.author ?? '',
      author_name_lf: meta.author ?? '',
      description: meta.description,
      language: meta.language,
      explicit: meta.explicit ? 1 : 0,
      genres: JSON.stringify(meta.genres),
      tags: JSON.stringify(tags),
      podcast: JSON.stringify(nextColumn),
    }
    const updated = (
      ['title', 'author_name', 'description', 'language', 'explicit', 'genres', 'tags', 'podcast'] as const
    ).some((k) => row[k] !== item[k])
    if (updated) {
      const now = this.deps.clock()
      await this.deps.scanRepo.saveBatch(
        item.library_id,
        [
          {
            row: { ...row, updated_at: now },
            authors: [],
            series: [],
            genres: meta.genres,
            tags,
            narrators: [],
            episodes: null,
          },
        ],
        server.sortingPrefixes,
        now,
      )
      await writeItemMetadataJson({
        item: { id: item.id, path: item.path, isFile: false },
        metadataPath: this.deps.config.metadataPath,
        storeWithItem: server.storeMetadataWithItem,
        json: podcastJson({ ...meta, title }, tags),
        log: this.deps.log,
      })
      await this.emitUpdated(item.id)
      if (Object.keys(schedule).length) await this.deps.downloads.scheduleChanged(item.id)
    }
    return { updated, libraryItem: await this.expanded(item.id) }
  }
}

/** The parts of a stored audio file a removal needs. */
const PodcastFileFacts = z
  .object({
    ino: z.string(),
    metadata: z.object({ path: z.string(), relPath: z.string(), mtimeMs: z.number() }),
  })
  .nullable()

function rawObject(json: string | null): Record<string, unknown> {
  try {
    const v: unknown = JSON.parse(json ?? '{}')
    return v && typeof v === 'object' && !Array.isArray(v) ? (v as Record<string, unknown>) : {}
  } catch {
    return {}
  }
}

function recentPodcast(item: RecentPodcastFacts) {
  const column = jsonColumn(item.podcast, PodcastColumn, defaultPodcast)
  return {
    id: item.media_id,
    libraryItemId: item.id,
    metadata: podcastMetadata(item, column),
    coverPath: item.cover_path,
  }
}

/** The columns a matched feed episode fills: empty ones, or all of them with `override`. */
function feedFieldsToFill(
  row: EpisodeRow,
  e: FeedEpisode,
  override: boolean,
): Updateable<PodcastEpisodesTable> {
  const want = feedEpisodeColumns(e)
  const out: Updateable<PodcastEpisodesTable> = {}
  for (const [key, value] of Object.entries(want) as [keyof EpisodeRow & keyof typeof want, unknown][]) {
    if (value === null || value === undefined) continue
    const current = row[key]
    const empty = current === null || current === ''
    if ((override || empty) && current !== value) (out as Record<string, unknown>)[key] = value
  }
  return out
}
