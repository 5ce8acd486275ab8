import crypto from 'node:crypto'
import fsp from 'node:fs/promises'
import path from 'node:path'
import {
  isAdminOrUp,
  fillPath,
  HLS_SEGMENT_SEC,
  playbackRoutes,
  PlayMethod,
  type AudioTrack,
  type Chapter,
  type ListeningSessionsPage,
  type ListeningStats,
  type OpenPlaybackSession,
  type PlaybackSession,
  type PlayRequest,
  type SessionAudioTrack,
  type SessionMediaMetadata,
  type SessionSortKey,
  type SessionWithUser,
  type SyncRequest,
  type UserItemProgressUpdated,
} from '@shelfcast/contracts'
import type { Logger } from 'pino'
import type { Clock } from '../../clock.ts'
import type { Config } from '../../config/config.ts'
import { regularFileInside } from '../../files/contained-path.ts'
import { HttpError, notFound } from '../../http/errors.ts'
import {
  canTranscode,
  HlsStream,
  PLAYLIST_NAME,
  segmentIndexOf,
  type HlsInput,
} from '../../media/hls-stream.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import { type UserRecord } from '../users/users.model.ts'
import { toProgressJson } from '../library-items/progress-json.ts'
import { mergeProgress } from './progress-rules.ts'
import type { PlaybackRepository, SessionRow } from './playback.repository.ts'
import {
  deviceDescription,
  deviceInfoJson,
  sessionMediaMetadata,
  type StoredDevice,
} from './session-shape.ts'
import { parseUserAgent } from './user-agent.ts'

/** Open sessions idle this long are closed (Audiobookshelf: 36 h). */
export const STALE_SESSION_MS = 36 * 3600_000
/** A transcode nobody fetched from for this long stops its ffmpeg (a later request restarts it). */
export const IDLE_TRANSCODE_MS = 10 * 60_000
const SWEEP_MS = 60_000
/** Open sessions one user may hold (devices); past it the least recently synced one is closed. */
export const MAX_OPEN_SESSIONS_PER_USER = 20
/** The most listening time one sync may add (a client sending hours at once is not believed). */
const MAX_LISTENED_PER_SYNC_SEC = 3600

/** The URL of a transcoding session's playlist (its HLS route's path). */
const playlistUrl = (sessionId: string) =>
  fillPath(playbackRoutes.hls.path, { stream: sessionId, file: PLAYLIST_NAME })

const DAY_NAMES = ['Sunday', 'Monday', 'Tuesday', 'Wednesday', 'Thursday', 'Friday', 'Saturday']

interface OpenSession {
  row: SessionRow
  deviceInfo: StoredDevice
  audioTracks: SessionAudioTrack[]
  libraryItem: OpenPlaybackSession['libraryItem']
  /** Item folder (or file) the direct-play tracks must resolve inside. */
  itemRoot: string
  /** Track index (1-based) -> absolute path, for direct play. */
  files: Map<number, { path: string; mimeType: string }>
  stream: HlsStream | null
  mediaId: string
}

const jsonOr = <T>(text: string, fallback: T): T => {
  try {
    return JSON.parse(text) as T
  } catch {
    return fallback
  }
}

/** The server's local day of a moment (listening stats count by it). */
export function localDate(ms: number): { date: string; dayOfWeek: number } {
  const d = new Date(ms)
  const pad = (n: number) => String(n).padStart(2, '0')
  return { date: `${d.getFullYear()}-${pad(d.getMonth() + 1)}-${pad(d.getDate())}`, dayOfWeek: d.getDay() }
}

export interface PlaybackDeps {
  repo: PlaybackRepository
  items: ItemsService
  realtime: Realtime
  clock: Clock
  config: Config
  log: Logger
}

/**
 * Playback sessions: play (direct or HLS transcode), sync, close, the streams' files, stale cleanup,
 * and the history (listening sessions, stats). Open sessions live in memory; every one is also a row
 * of playback_sessions, updated with its progress in one transaction on every sync.
 */
export class PlaybackService {
  private readonly d: PlaybackDeps
  private readonly open = new Map<string, OpenSession>()
  private readonly streamsRoot: string
  private sweeper: NodeJS.Timeout | null = null
  /** Transcodes being set up (checked against the caps but not yet open), by user. */
  private readonly pendingTranscodes = new Map<string, number>()

  constructor(deps: PlaybackDeps) {
    this.d = deps
    this.streamsRoot = path.join(deps.config.metadataPath, 'streams')
    deps.realtime.setOpenSessionSource((userId) => this.latestOpenSessionOf(userId))
  }

  /** The user's most recently synced open session (Audiobookshelf's `session` of an online user). */
  private latestOpenSessionOf(userId: string): PlaybackSession | null {
    let latest: OpenSession | null = null
    for (const s of this.open.values())
      if (s.row.user_id === userId && (!latest || s.row.updated_at > latest.row.updated_at)) latest = s
    return latest ? this.sessionJson(latest.row) : null
  }

  /** Closes what a previous run left open and clears its stream folders; starts the stale sweeper. */
  async start(): Promise<void> {
    await this.d.repo.closeAllOpen(this.d.clock())
    await fsp.rm(this.streamsRoot, { recursive: true, force: true }).catch(() => undefined)
    this.sweeper = setInterval(
      () => void this.sweep().catch((err: unknown) => this.d.log.warn({ err }, 'playback sweep failed')),
      SWEEP_MS,
    )
    this.sweeper.unref()
  }

  async stop(): Promise<void> {
    if (this.sweeper) clearInterval(this.sweeper)
    this.sweeper = null
    for (const id of [...this.open.keys()]) await this.closeSession(id, false)
  }

  // ---- play --------------------------------------------------------------------------------------

  async play(
    user: UserRecord,
    itemId: string,
    episodeId: string | undefined,
    body: PlayRequest,
    client: { ip: string | null; userAgent?: string | null },
  ): Promise<OpenPlaybackSession> {
    let reserved = false
    try {
      return await this.startSession(user, itemId, episodeId, body, client, (replacing) => {
        this.checkTranscodeCaps(user, replacing)
        this.pendingTranscodes.set(user.id, (this.pendingTranscodes.get(user.id) ?? 0) + 1)
        reserved = true
      })
    } finally {
      if (reserved) {
        const n = (this.pendingTranscodes.get(user.id) ?? 1) - 1
        if (n > 0) this.pendingTranscodes.set(user.id, n)
        else this.pendingTranscodes.delete(user.id)
      }
    }
  }

  private async startSession(
    user: UserRecord,
    itemId: string,
    episodeId: string | undefined,
    body: PlayRequest,
    client: { ip: string | null; userAgent?: string | null },
    reserveTranscode: (replacing: ReadonlySet<string>) => void,
  ): Promise<OpenPlaybackSession> {
    const [item] = await this.d.items.batchGet(user, [itemId])
    if (!item) throw notFound('Item not found')
    let tracks: AudioTrack[]
    let duration: number
    let chapters: Chapter[]
    let displayTitle: string
    let displayAuthor: string
    let mediaMetadata: unknown
    if (item.mediaType === 'podcast') {
      const media = item.media
      const episode = episodeId ? media.episodes.find((e) => e.id === episodeId) : undefined
      if (!episode) throw notFound('Episode not found')
      tracks = episode.audioTrack ? [{ ...episode.audioTrack, index: 1, startOffset: 0 }] : []
      duration = episode.duration || (episode.audioTrack?.duration ?? 0)
      chapters = episode.chapters
      displayTitle = episode.title
      displayAuthor = media.metadata.author ?? ''
      mediaMetadata = sessionMediaMetadata('podcast', media.metadata)
    } else {
      const media = item.media
      tracks = media.tracks
      duration = media.duration || tracks.reduce((s, t) => s + t.duration, 0)
      chapters = media.chapters
      displayTitle = media.metadata.title ?? 'No Title'
      displayAuthor = media.metadata.authorName
      mediaMetadata = sessionMediaMetadata('book', media.metadata)
      episodeId = undefined
    }
    if (tracks.length === 0) throw notFound('Item has no audio tracks')

    const dev = body.deviceInfo ?? {}
    const deviceId = dev.deviceId || crypto.randomUUID()
    // One open session per device: a new play there replaces the old one; past the per-user limit, the
    // least recently used goes too. They close with the new session's insert, so a refused play closes nothing.
    const mine = [...this.open.values()].filter((s) => s.row.user_id === user.id)
    const others = mine
      .filter((s) => s.deviceInfo.deviceId !== deviceId)
      .sort((a, b) => a.row.updated_at - b.row.updated_at)
    const replacing = new Set([
      ...mine.filter((s) => s.deviceInfo.deviceId === deviceId).map((s) => s.row.id),
      ...others.slice(0, Math.max(0, others.length - MAX_OPEN_SESSIONS_PER_USER + 1)).map((s) => s.row.id),
    ])

    const progress = this.d.repo.progress(user.id, item.id, episodeId ?? '')
    let startTime = progress && progress.is_finished !== 1 ? progress.current_time : 0
    if (!(startTime >= 0 && startTime < duration)) startTime = 0

    const supported = new Set(body.supportedMimeTypes)
    const directPlayable = tracks.every((t) => supported.has(t.mimeType.toLowerCase()))
    let transcode = body.forceTranscode === true || (!body.forceDirectPlay && !directPlayable)
    const inputs: HlsInput[] = []
    if (transcode) {
      reserveTranscode(replacing)
      // ffmpeg reads only real files inside the item's folder, by their resolved paths.
      for (const t of tracks) {
        const file = await regularFileInside(t.metadata.path, [item.path])
        if (!file) throw notFound('Audio file not found')
        inputs.push({ path: file.path, duration: t.duration, codec: t.codec })
      }
      if (!canTranscode(inputs)) transcode = false
    }

    const now = this.d.clock()
    const id = crypto.randomUUID()
    const { date, dayOfWeek } = localDate(now)
    const deviceInfo: StoredDevice = {
      id: deviceId,
      deviceId,
      clientName: dev.clientName || null,
      clientVersion: dev.clientVersion || null,
      manufacturer: dev.manufacturer || null,
      model: dev.model || null,
      sdkVersion: dev.sdkVersion ?? null,
      ipAddress: client.ip,
      serverVersion: this.d.config.version,
      ...parseUserAgent(client.userAgent),
    }
    const row: SessionRow = {
      id,
      user_id: user.id,
      library_id: item.libraryId,
      library_item_id: item.id,
      episode_id: episodeId ?? '',
      media_type: item.mediaType,
      display_title: displayTitle,
      display_author: displayAuthor,
      cover_path: item.media.coverPath,
      duration,
      media_metadata: JSON.stringify(mediaMetadata),
      chapters: JSON.stringify(chapters),
      play_method: transcode ? PlayMethod.TRANSCODE : PlayMethod.DIRECTPLAY,
      media_player: body.mediaPlayer || 'unknown',
      device_info: JSON.stringify(deviceInfo),
      time_listening: 0,
      start_time: startTime,
      current_time: startTime,
      date,
      day_of_week: dayOfWeek,
      started_at: now,
      updated_at: now,
      closed_at: null,
    }
    const files = new Map(tracks.map((t) => [t.index, { path: t.metadata.path, mimeType: t.mimeType }]))
    let audioTracks: SessionAudioTrack[]
    let stream: HlsStream | null = null
    if (transcode) {
      audioTracks = [
        {
          index: 1,
          startOffset: 0,
          duration,
          title: displayTitle,
          contentUrl: playlistUrl(id),
          mimeType: 'application/vnd.apple.mpegurl',
          // Audiobookshelf names no codec or file for the stream: it is neither of the item's files.
          codec: null,
          metadata: null,
        },
      ]
      stream = new HlsStream({
        id,
        dir: path.join(this.streamsRoot, id),
        ffmpegPath: this.d.config.ffmpegPath,
        inputs,
        duration,
        segmentSec: HLS_SEGMENT_SEC,
        startTime,
        log: this.d.log,
        onReset: (t) => this.d.realtime.toUser(user.id, 'stream_reset', { startTime: t, streamId: id }),
        onDone: () => this.d.realtime.toUser(user.id, 'stream_ready', { id }),
        onProgress: (p) => this.d.realtime.toUser(user.id, 'stream_progress', p),
      })
    } else {
      audioTracks = tracks.map((t) => ({
        ...t,
        contentUrl: fillPath(playbackRoutes.track.path, { id, index: t.index }),
      }))
    }
    const replaced = [...replacing].flatMap((rid) => this.open.get(rid) ?? [])
    this.d.repo.startSession(
      row,
      replaced.map((r) => r.row.id),
    )
    for (const r of replaced) this.open.delete(r.row.id)
    for (const r of replaced) await this.afterClose(r, true)
    const session: OpenSession = {
      row,
      deviceInfo,
      audioTracks,
      libraryItem: item,
      itemRoot: item.path,
      files,
      stream,
      mediaId: episodeId ?? item.media.id,
    }
    this.open.set(id, session)
    if (stream) {
      try {
        await stream.open()
      } catch (err) {
        await this.closeSession(id, false)
        throw err
      }
      // Audiobookshelf's stream JSON, with the expanded item and episode (its server-side playlistPath is left out).
      const episode =
        episodeId && item.mediaType === 'podcast'
          ? (item.media.episodes.find((e) => e.id === episodeId) ?? null)
          : null
      this.d.realtime.toUser(user.id, 'stream_open', {
        id,
        userId: user.id,
        libraryItem: item,
        episode,
        libraryItemId: item.id,
        episodeId: episodeId ?? null,
        segmentLength: HLS_SEGMENT_SEC,
        clientPlaylistUri: playlistUrl(id),
        startTime,
        segmentStartNumber: Math.floor(startTime / HLS_SEGMENT_SEC),
        isTranscodeComplete: false,
      })
    }
    this.emitStreamUpdate(user, session)
    return this.openJson(session)
  }

  /** Refuses a transcode past the server's and the user's caps (the sessions being replaced do not count). */
  private checkTranscodeCaps(user: UserRecord, replacing: ReadonlySet<string>) {
    const streams = [...this.open.values()].filter((s) => s.stream && !replacing.has(s.row.id))
    const pending = [...this.pendingTranscodes.values()].reduce((a, b) => a + b, 0)
    if (streams.length + pending >= this.d.config.maxTranscodes) {
      throw new HttpError(
        409,
        'The server is transcoding as many streams as it may; try again later or use a player that plays this format',
      )
    }
    const mine =
      streams.filter((s) => s.row.user_id === user.id).length + (this.pendingTranscodes.get(user.id) ?? 0)
    if (mine >= this.d.config.maxTranscodesPerUser) {
      throw new HttpError(409, 'You have too many transcoded streams open; close one on another device first')
    }
  }

  // ---- sync and close ----------------------------------------------------------------------------

  private ownOpen(user: UserRecord, sessionId: string): OpenSession {
    const s = this.open.get(sessionId)
    if (!s || s.row.user_id !== user.id) throw notFound('Session not found')
    return s
  }

  /** A sync: session time and progress in one transaction, then `user_item_progress_updated`. */
  sync(user: UserRecord, sessionId: string, body: SyncRequest): void {
    const s = this.ownOpen(user, sessionId)
    this.applySync(s, body, null)
  }

  private applySync(s: OpenSession, body: Partial<SyncRequest>, closedAt: number | null) {
    const now = this.d.clock()
    const duration = s.row.duration > 0 ? s.row.duration : (body.duration ?? 0)
    const currentTime = Math.min(body.currentTime ?? s.row.current_time, duration > 0 ? duration : Infinity)
    const listened = Math.min(body.timeListened ?? 0, MAX_LISTENED_PER_SYNC_SEC)
    const rule = this.d.repo.finishRule(s.row.library_id)
    let row
    try {
      row = this.d.repo.syncSessionAndProgress(
        { id: s.row.id, listened, currentTime, now, closedAt },
        {
          id: crypto.randomUUID(),
          userId: s.row.user_id,
          itemId: s.row.library_item_id,
          episodeId: s.row.episode_id,
        },
        (existing) => mergeProgress(existing, { currentTime, duration }, now, rule),
      )
    } catch (err) {
      // The item (or the user) was deleted while the session was open: the session ends, the client is told.
      if ((err as { code?: string }).code?.startsWith('SQLITE_CONSTRAINT')) {
        void this.closeSession(s.row.id, true).catch(() => undefined)
        throw notFound('Item not found')
      }
      throw err
    }
    s.row.time_listening += listened
    s.row.current_time = currentTime
    s.row.updated_at = now
    const payload: UserItemProgressUpdated = {
      id: row.id,
      sessionId: s.row.id,
      deviceDescription: deviceDescription(s.deviceInfo),
      data: toProgressJson(row, s.row.episode_id ? s.row.episode_id : s.mediaId),
    }
    this.d.realtime.toUser(s.row.user_id, 'user_item_progress_updated', payload)
  }

  /**
   * Closes an open session. Its owner may send a last sync; an admin closing another user's session
   * (the Open sessions page) sends none: the listener's position is theirs, not the admin's.
   */
  async close(user: UserRecord, sessionId: string, body: Partial<SyncRequest> | undefined): Promise<void> {
    const s = this.open.get(sessionId)
    const othersByAdmin = s !== undefined && s.row.user_id !== user.id && isAdminOrUp(user.type)
    if (othersByAdmin) {
      this.d.log.info({ session: sessionId, owner: s.row.user_id, by: user.id }, 'admin closed a session')
    } else {
      const own = this.ownOpen(user, sessionId)
      if (body && body.currentTime !== undefined) this.applySync(own, body, this.d.clock())
    }
    await this.closeSession(sessionId, true)
  }

  private async closeSession(id: string, notify: boolean) {
    const s = this.open.get(id)
    if (!s) return
    this.open.delete(id)
    this.d.repo.closeSession(id, this.d.clock())
    await this.afterClose(s, notify)
  }

  /** What follows a session's close in the database: its transcode stops, its owner and the admins hear. */
  private async afterClose(s: OpenSession, notify: boolean) {
    const id = s.row.id
    if (s.stream) {
      await s.stream.destroy()
      if (notify) this.d.realtime.toUser(s.row.user_id, 'stream_closed', id)
    }
    if (notify) {
      this.d.realtime.toUser(s.row.user_id, 'user_session_closed', id)
      this.d.realtime.toAdmins('user_stream_update', { id: s.row.user_id, session: null })
    }
  }

  private emitStreamUpdate(user: UserRecord, s: OpenSession) {
    this.d.realtime.toAdmins('user_stream_update', () => ({
      id: user.id,
      username: user.username,
      session: this.sessionJson(s.row),
    }))
  }

  /** Closes sessions idle past STALE_SESSION_MS and stops idle transcodes. */
  async sweep(): Promise<void> {
    const now = this.d.clock()
    for (const s of [...this.open.values()]) {
      if (now - s.row.updated_at > STALE_SESSION_MS) {
        this.d.log.info({ session: s.row.id }, 'closing stale playback session')
        await this.closeSession(s.row.id, true)
      } else if (s.stream?.running && Date.now() - s.stream.lastActivity > IDLE_TRANSCODE_MS) {
        s.stream.kill()
      }
    }
  }

  // ---- files -------------------------------------------------------------------------------------

  /** The file of a direct-play track of an OPEN session (the session id is the capability). */
  async trackFile(
    sessionId: string,
    indexText: string,
  ): Promise<{ path: string; size: number; mtimeMs: number; mimeType: string } | { redirect: string }> {
    const s = this.open.get(sessionId)
    if (!s) throw notFound('Session not found')
    if (s.stream) return { redirect: playlistUrl(s.row.id) }
    if (!/^\d{1,5}$/.test(indexText)) throw notFound('Track not found')
    const track = s.files.get(Number(indexText))
    if (!track) throw notFound('Track not found')
    const file = await regularFileInside(track.path, [s.itemRoot])
    if (!file) throw notFound('Track not found')
    return { path: file.path, size: file.size, mtimeMs: file.mtimeMs, mimeType: track.mimeType }
  }

  /** A file of a transcode: the playlist or one finished segment. */
  async hlsFile(sessionId: string, file: string): Promise<{ path: string; contentType: string }> {
    const s = this.open.get(sessionId)
    if (!s?.stream) throw notFound()
    if (file === PLAYLIST_NAME) {
      s.stream.lastActivity = Date.now()
      return { path: s.stream.playlistPath, contentType: 'application/vnd.apple.mpegurl' }
    }
    const index = segmentIndexOf(file)
    if (index === null) {
      if (/[/\\]|\.\./.test(file)) throw notFound()
      throw new HttpError(400, 'Invalid file')
    }
    const p = await s.stream.segment(index)
    if (!p) throw notFound()
    return { path: p, contentType: 'video/mp2t' }
  }

  // ---- reads -------------------------------------------------------------------------------------

  /** GET /api/session/:id: the caller's own open session. */
  getOpen(user: UserRecord, sessionId: string): OpenPlaybackSession {
    return this.openJson(this.ownOpen(user, sessionId))
  }

  /** GET /api/sessions/open (admins): every open session with its user. */
  async openSessions(): Promise<SessionWithUser[]> {
    return this.withUsers([...this.open.values()].map((s) => this.sessionJson(s.row)))
  }

  /** Sessions with their user's id and name (null once the user is deleted), as the admin lists show them. */
  async withUsers(sessions: PlaybackSession[]): Promise<SessionWithUser[]> {
    const names = await this.d.repo.usernames([...new Set(sessions.map((s) => s.userId))])
    return sessions.map((s) => {
      const username = names.get(s.userId)
      return { ...s, user: username === undefined ? null : { id: s.userId, username } }
    })
  }

  openCount(): number {
    return this.open.size
  }

  async sessionsPage(
    filter: { userId?: string; itemId?: string; episodeId?: string },
    page: number,
    itemsPerPage: number,
    order?: { sort: SessionSortKey; desc: boolean },
  ): Promise<ListeningSessionsPage> {
    const { total, rows } = await this.d.repo.sessionsPage(filter, page, itemsPerPage, order)
    return {
      total,
      numPages: Math.ceil(total / itemsPerPage),
      page,
      itemsPerPage,
      sessions: rows.map((r) => this.sessionJson(this.open.get(r.id)?.row ?? r)),
    }
  }

  /**
   * Deletes listening sessions, open ones closed first. Every id is authorised before anything is
   * closed or deleted: for a non-admin another user's session is as missing as an unknown one, and
   * neither is touched. Returns how many were deleted.
   */
  async deleteSessions(user: UserRecord, ids: readonly string[]): Promise<number> {
    const found = await this.d.repo.sessionOwners(ids)
    const allowed = isAdminOrUp(user.type) ? found : found.filter((r) => r.user_id === user.id)
    for (const { id } of allowed) if (this.open.has(id)) await this.closeSession(id, true)
    return this.d.repo.deleteSessions(allowed.map((r) => r.id))
  }

  async listeningStats(userId: string): Promise<ListeningStats> {
    const totals = await this.d.repo.listeningTotals(userId)
    const items: ListeningStats['items'] = {}
    // Audiobookshelf's shape: per library item (a podcast's episodes together), with its latest session's metadata.
    for (const r of totals.byItem) {
      items[r.library_item_id] = {
        id: r.library_item_id,
        timeListening: r.t,
        mediaMetadata: jsonOr<SessionMediaMetadata>(r.media_metadata, {}),
        lastUpdate: r.last_update,
      }
    }
    const days: Record<string, number> = {}
    for (const r of totals.byDay) days[r.date] = r.t
    const dayOfWeek: Record<string, number> = {}
    for (const r of totals.byDayOfWeek) dayOfWeek[DAY_NAMES[r.day_of_week] ?? String(r.day_of_week)] = r.t
    const recent = await this.sessionsPage({ userId }, 0, 10)
    return {
      totalTime: totals.total,
      items,
      days,
      dayOfWeek,
      today: days[localDate(this.d.clock()).date] ?? 0,
      recentSessions: recent.sessions,
    }
  }

  // ---- JSON --------------------------------------------------------------------------------------

  sessionJson(r: SessionRow): PlaybackSession {
    const stored = jsonOr<StoredDevice>(r.device_info, {})
    const serverVersion = stored.serverVersion ?? this.d.config.version
    const open = this.open.has(r.id)
    return {
      id: r.id,
      userId: r.user_id,
      libraryId: r.library_id,
      libraryItemId: r.library_item_id,
      bookId: r.media_type === 'book' ? r.library_item_id : null,
      episodeId: r.episode_id || null,
      mediaType: r.media_type === 'podcast' ? 'podcast' : 'book',
      mediaMetadata: sessionMediaMetadata(r.media_type, jsonOr(r.media_metadata, {})),
      // Audiobookshelf keeps a session's chapters while it is open only; its history answers none.
      chapters: open ? jsonOr<Chapter[]>(r.chapters, []) : [],
      displayTitle: r.display_title,
      displayAuthor: r.display_author,
      coverPath: r.cover_path,
      duration: r.duration,
      playMethod: r.play_method as PlaybackSession['playMethod'],
      mediaPlayer: r.media_player,
      deviceInfo: deviceInfoJson(stored, r.user_id, serverVersion),
      serverVersion,
      date: r.date,
      dayOfWeek: DAY_NAMES[r.day_of_week] ?? '',
      timeListening: r.time_listening,
      startTime: r.start_time,
      currentTime: r.current_time,
      startedAt: r.started_at,
      updatedAt: r.updated_at,
    }
  }

  private openJson(s: OpenSession): OpenPlaybackSession {
    return { ...this.sessionJson(s.row), audioTracks: s.audioTracks, libraryItem: s.libraryItem }
  }
}
