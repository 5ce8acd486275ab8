import path from 'node:path'
import cookie from '@fastify/cookie'
import multipart from '@fastify/multipart'
import Fastify, { LogController, type FastifyBaseLogger, type FastifyInstance } from 'fastify'
import type { Logger } from 'pino'
import { limits } from '@shelfcast/contracts'
import { systemClock, type Clock } from './clock.ts'
import type { Config } from './config/config.ts'
import type { AppContext } from './context.ts'
import { databaseFileName, openDatabase, type DatabaseHandle } from './db/connection.ts'
import { installAuthGuard } from './http/auth-guard.ts'
import { registerClientFiles, viaBasePath } from './http/client-files.ts'
import { installSecurityHeaders } from './http/security-headers.ts'
import { installCors } from './http/cors.ts'
import { installBodyParsers } from './http/body-parsing.ts'
import { installErrorHandling } from './http/errors.ts'
import { recordRoutes } from './http/serve-route.ts'
import { createGuardedFetcher, createMailer, type MailTimeouts } from './net/index.ts'
import { RateLimiter } from './http/rate-limiter.ts'
import { detachedLogControl, silentLogger, type LogControl } from './logger.ts'
import { pinoLevelOf } from './logging/log-entry.ts'
import { registerLogsRoutes, streamLogsToListeners } from './logging/logs.routes.ts'
import { ApiKeysRepository } from './modules/api-keys/api-keys.repository.ts'
import { registerApiKeysRoutes } from './modules/api-keys/api-keys.routes.ts'
import { CollectionsRepository } from './modules/collections/collections.repository.ts'
import { registerCollectionsRoutes } from './modules/collections/collections.routes.ts'
import { CollectionsService } from './modules/collections/collections.service.ts'
import { registerAuthorEditRoutes } from './modules/authors/author-edit.routes.ts'
import { AuthorEditRepository } from './modules/authors/author-edit.repository.ts'
import { AuthorEditService } from './modules/authors/author-edit.service.ts'
import { LibraryCareService } from './modules/library-care/library-care.service.ts'
import { registerLibraryCareRoutes } from './modules/library-care/library-care.routes.ts'
import { SeriesEditService } from './modules/series/series-edit.service.ts'
import { registerSeriesEditRoutes } from './modules/series/series-edit.routes.ts'
import { registerItemEditRoutes } from './modules/item-edit/item-edit.routes.ts'
import { ItemMetadataService } from './modules/item-metadata/item-metadata.service.ts'
import { registerItemMetadataRoutes } from './modules/item-metadata/item-metadata.routes.ts'
import { MetaValuesRepository } from './modules/item-metadata/meta-values.repository.ts'
import { registerItemFilesRoutes } from './modules/item-edit/item-files.routes.ts'
import { ItemFilesService } from './modules/item-edit/item-files.service.ts'
import { FileChoicesStore } from './scanner/file-choices.ts'
import { createMetadataModule } from './modules/metadata-providers/metadata-providers.module.ts'
import { registerMetadataProvidersRoutes } from './modules/metadata-providers/metadata-providers.routes.ts'
import type { MetadataProvidersOptions } from './modules/metadata-providers/provider-registry.ts'
import { ItemCoverService } from './modules/item-edit/item-cover.service.ts'
import { ItemEditService } from './modules/item-edit/item-edit.service.ts'
import { ScanRepository } from './scanner/scan.repository.ts'
import { registerDownloadsRoutes } from './modules/downloads/downloads.routes.ts'
import { registerSharesRoutes } from './modules/shares/shares.routes.ts'
import { createShares } from './modules/shares/shares-module.ts'
import { registerUploadRoutes } from './modules/upload/upload.routes.ts'
import { UploadService } from './modules/upload/upload.service.ts'
import { PlaylistsRepository } from './modules/playlists/playlists.repository.ts'
import { registerPlaylistsRoutes } from './modules/playlists/playlists.routes.ts'
import { registerComicPagesRoutes } from './modules/comic-pages/comic-pages.routes.ts'
import { ComicPagesService } from './modules/comic-pages/comic-pages.service.ts'
import { registerOpenApiRoutes } from './openapi/openapi.routes.ts'
import {
  createPodcastDownloads,
  registerPodcastDownloadsRoutes,
} from './modules/podcast-downloads/podcast-downloads-module.ts'
import { createPodcasts, registerPodcastsRoutes } from './modules/podcasts/podcasts-module.ts'
import { PlaylistsService } from './modules/playlists/playlists.service.ts'
import { ApiKeysService } from './modules/api-keys/api-keys.service.ts'
import { registerAuthRoutes } from './modules/auth/auth.routes.ts'
import { createBrowse, registerBrowseRoutes } from './modules/browse.ts'
import { AuthService } from './modules/auth/auth.service.ts'
import { SessionsRepository } from './modules/auth/sessions.repository.ts'
import { TokenSigner } from './modules/auth/tokens.ts'
import { registerDemoLibrary } from './modules/libraries/demo-library.ts'
import { LibrariesRepository } from './modules/libraries/libraries.repository.ts'
import { registerLibrariesRoutes } from './modules/libraries/libraries.routes.ts'
import { LibrariesService } from './modules/libraries/libraries.service.ts'
import { registerMeRoutes } from './modules/me/me.routes.ts'
import { EmailSettingsStore } from './modules/email/email-settings.store.ts'
import { registerEmailRoutes } from './modules/email/email.routes.ts'
import { createAppriseSender } from './modules/notifications/apprise-client.ts'
import { NotificationSettingsStore } from './modules/notifications/notification-settings.store.ts'
import { registerNotificationsRoutes } from './modules/notifications/notifications.routes.ts'
import { NotificationsService } from './modules/notifications/notifications.service.ts'
import { registerOpenIDRoutes } from './modules/auth/openid/openid.routes.ts'
import { AuthSettingsService } from './modules/auth/openid/auth-settings.service.ts'
import { OpenIDSignIn } from './modules/auth/openid/openid-sign-in.ts'
import { registerBackupsRoutes } from './modules/backups/backups.routes.ts'
import { BackupsService } from './modules/backups/backups.service.ts'
import { applyPendingRestore } from './db/pending-restore.ts'
import { EmailService } from './modules/email/email.service.ts'
import { FeedsRepository } from './modules/feeds/feeds.repository.ts'
import { registerFeedsRoutes } from './modules/feeds/feeds.routes.ts'
import { registerReleasesRoutes } from './modules/releases/releases.routes.ts'
import { ReleasesService } from './modules/releases/releases.service.ts'
import { FeedsService } from './modules/feeds/feeds.service.ts'
import { createPlayback } from './modules/playback/playback-module.ts'
import { registerPlaybackRoutes } from './modules/playback/playback.routes.ts'
import { SettingsRepository } from './modules/settings/settings.repository.ts'
import { registerSettingsRoutes } from './modules/settings/settings.routes.ts'
import { SettingsService } from './modules/settings/settings.service.ts'
import { StatsRepository } from './modules/stats/stats.repository.ts'
import { registerStatsRoutes } from './modules/stats/stats.routes.ts'
import { StatsService } from './modules/stats/stats.service.ts'
import { registerSystemRoutes } from './modules/system/system.routes.ts'
import { registerUsersRoutes } from './modules/users/users.routes.ts'
import { UsersRepository } from './modules/users/users.repository.ts'
import { UsersService } from './modules/users/users.service.ts'
import { Realtime } from './realtime/realtime.ts'
import { TaskRunner } from './jobs/task-runner.ts'
import { registerTaskRoutes } from './jobs/tasks.routes.ts'
import { EmbedService } from './modules/tools/embed/embed.service.ts'
import { registerEmbedRoutes } from './modules/tools/embed/embed.routes.ts'
import { registerScanRoutes } from './scanner/scan.routes.ts'
import { createScannerModule } from './scanner/scanner-module.ts'
import { ToolRuns } from './modules/tools/tool-runs.ts'
import { registerToolsRoutes } from './modules/tools/tools.routes.ts'
import { ToolsService } from './modules/tools/tools.service.ts'

export interface BuildAppOptions {
  config: Config
  logger?: Logger
  /** Today's lines and the run-time level of `logger` (main.ts); tests without one get an empty buffer. */
  logControl?: LogControl
  /** Start at the stored `logLevel` setting (main.ts, when LOG_LEVEL is not set in the environment). */
  logLevelFromSettings?: boolean
  clock?: Clock
  /** An already open database (tests reopen the same file to check restarts). */
  database?: DatabaseHandle
  /** Metadata provider origins and timeout (tests point providers at loopback servers). */
  metadataProviders?: MetadataProvidersOptions
  /** SMTP timeouts (tests shorten them against a silent server). */
  mailTimeouts?: MailTimeouts
  /** How long one Apprise call may take (tests shorten it); 10 s by default. */
  notificationTimeoutMs?: number
  /** Restarts the server (main.ts) so a staged restore is swapped in with the database closed. */
  requestRestart?: () => void
}

export interface BuiltApp {
  app: FastifyInstance
  ctx: AppContext
}

const JSON_BODY_LIMIT_BYTES = 1024 * 1024
const HOUR_MS = 3600_000

/** The one place where the database, services, realtime and routes are wired together. */
/** METADATA_PROVIDER_ORIGINS as provider options; the Audible URL names each store with `{region}`. */
function providerOptionsFromConfig(config: Config): MetadataProvidersOptions | undefined {
  const { audible, ...rest } = config.providerOrigins
  if (!audible && Object.keys(rest).length === 0) return undefined
  return {
    origins: {
      ...rest,
      ...(audible && { audible: (region: string) => audible.replace('{region}', region) }),
    },
  }
}

export async function buildApp(options: BuildAppOptions): Promise<BuiltApp> {
  const { config } = options
  const clock = options.clock ?? systemClock
  const log = options.logger ?? silentLogger()
  const databaseFile = path.join(config.configPath, databaseFileName)
  // A restore staged before a restart (or a crash) is swapped in while no connection is open.
  if (!options.database)
    applyPendingRestore({ configPath: config.configPath, metadataPath: config.metadataPath, databaseFile })
  const database = options.database ?? openDatabase(databaseFile)
  const base = config.routerBasePath

  const app = Fastify({
    loggerInstance: log as FastifyBaseLogger,
    logController: new LogController({ disableRequestLogging: true }),
    trustProxy: config.trustProxy,
    bodyLimit: JSON_BODY_LIMIT_BYTES,
    routerOptions: { maxParamLength: 500 },
    // Every route also answers under ROUTER_BASE_PATH: strip it before routing, on whole segments only.
    rewriteUrl(req) {
      const url = req.url ?? '/'
      if (base && (url === base || url.startsWith(`${base}/`) || url.startsWith(`${base}?`))) {
        viaBasePath.add(req)
        const rest = url.slice(base.length)
        return rest.startsWith('/') ? rest : `/${rest}`
      }
      return url
    },
  })

  recordRoutes(app)
  const realtime = new Realtime(log, { trustProxy: config.trustProxy })
  const settingsRepo = new SettingsRepository(database.db)
  const settings = new SettingsService(settingsRepo, config.version, {
    metadataPath: config.metadataPath,
    tokenLifetimes: {
      accessTokenExpiry: config.accessTokenExpirySec,
      refreshTokenExpiry: config.refreshTokenExpirySec,
    },
  })
  const signer = new TokenSigner(await settings.jwtSecret(), clock)
  const sessionsRepo = new SessionsRepository(database.db)
  const apiKeysRepo = new ApiKeysRepository(database.db)
  const users = new UsersService({
    repo: new UsersRepository(database.db),
    realtime,
    clock,
    revokeSessions: async (userId, keep) => {
      await sessionsRepo.deleteUserSessions(userId, keep)
      realtime.disconnectUser(userId, keep)
    },
  })
  const auth = new AuthService({
    config,
    clock,
    signer,
    sessions: sessionsRepo,
    apiKeys: apiKeysRepo,
    users,
    realtime,
    // The Security tab's lifetimes (the environment's until an admin stores them), read per token issued.
    lifetimes: () => settings.getServerSettings(),
  })
  const serverSettings = await settings.getServerSettings()
  const rateLimit = {
    max: serverSettings.rateLimitLoginRequests,
    windowMs: serverSettings.rateLimitLoginWindow,
  }
  const browse = createBrowse({ db: database.db, sqlite: database.sqlite, config, settings, clock })
  const libraries = new LibrariesService({
    repo: new LibrariesRepository(database.db),
    config,
    clock,
    realtime,
    filterData: browse.filterData,
    defaultPrecedence: async () => (await settings.getServerSettings()).defaultMetadataPrecedence,
  })
  const tasks = new TaskRunner({ realtime, clock })
  const scanner = createScannerModule({ config, database, libraries, settings, tasks, realtime, clock, log })
  const collections = new CollectionsService({
    repo: new CollectionsRepository(database.db),
    items: browse.items,
    libraries,
    realtime,
    clock,
  })
  const scanRepo = new ScanRepository(database.db)
  const itemEdit = new ItemEditService({
    scanRepo,
    items: browse.items,
    libraries,
    settings,
    realtime,
    metadataPath: config.metadataPath,
    clock,
    log,
  })
  const fetcher = createGuardedFetcher({
    allowHosts: config.fetchAllowHosts,
    userAgent: `Shelfcast/${config.version}`,
  })
  const notifications = new NotificationsService({
    store: new NotificationSettingsStore(settingsRepo),
    send: createAppriseSender(fetcher, options.notificationTimeoutMs ?? 10_000),
    version: config.version,
    clock,
    log: log.child({ module: 'notifications' }),
  })
  const itemCovers = new ItemCoverService({
    scanRepo,
    items: browse.items,
    fetcher,
    realtime,
    metadataPath: config.metadataPath,
    settings,
    clock,
    log,
  })
  const itemFiles = new ItemFilesService({
    scanRepo,
    items: browse.items,
    itemEdit,
    choices: new FileChoicesStore(database.db),
    rescanItem: (id) => scanner.scans.scanItem(id),
    realtime,
    ffprobePath: config.ffprobePath,
    clock,
    log,
  })
  const authorEdit = new AuthorEditService({
    repo: new AuthorEditRepository(database.db),
    authors: browse.authors,
    libraries,
    itemEdit,
    fetcher,
    realtime,
    metadataPath: config.metadataPath,
    clock,
  })
  const metadata = createMetadataModule({
    db: database.db,
    fetcher,
    items: browse.items,
    libraries,
    itemEdit,
    itemCovers,
    authors: browse.authors,
    authorEdit,
    settings,
    tasks,
    realtime,
    clock,
    log,
    options: options.metadataProviders ?? providerOptionsFromConfig(config),
  })
  // Settings > Scanner "Find covers": books a scan adds without a cover get one searched before it ends.
  scanner.scans.onItemsAdded((items, cancelled) => metadata.scanCovers.findFor(items, cancelled))
  const upload = new UploadService({ libraries, scanRepo, scans: scanner.scans, itemEdit, log })
  const playlists = new PlaylistsService({
    repo: new PlaylistsRepository(database.db),
    items: browse.items,
    libraries,
    collections,
    realtime,
    clock,
  })
  const podcastDeps = {
    notify: notifications,
    config,
    database,
    fetcher,
    libraries,
    browse,
    scanRepo,
    scanner,
    itemEdit,
    settings,
    tasks,
    realtime,
    clock,
    log,
  }
  const podcastDownloads = createPodcastDownloads(podcastDeps)
  const podcasts = createPodcasts({ ...podcastDeps, downloads: podcastDownloads })
  const loginLimiter = new RateLimiter({ ...limits.loginRateLimit, ...rateLimit, now: clock })
  const refreshLimiter = new RateLimiter({ ...limits.loginRateLimit, ...rateLimit, now: clock })
  // Login rate limits follow the settings at run time, without a restart.
  settings.onChange((s) => {
    const next = { max: s.rateLimitLoginRequests, windowMs: s.rateLimitLoginWindow }
    loginLimiter.setLimits(next)
    refreshLimiter.setLimits(next)
  })
  const feeds = new FeedsService({
    repo: new FeedsRepository(database.db),
    sqlite: database.sqlite,
    items: browse.items,
    users,
    realtime,
    clock,
    stamps: browse.answers,
  })
  const releases = new ReleasesService({ url: config.releasesUrl, fetcher, clock, log })
  const authSettings = new AuthSettingsService({ settings, repo: settingsRepo })
  const openid = new OpenIDSignIn({
    authSettings,
    users,
    log,
    fetcher,
    now: clock,
  })
  const toolRuns = new ToolRuns({ clock })
  const tools = new ToolsService({
    items: browse.items,
    libraries,
    scans: scanner.scans,
    tasks,
    runs: toolRuns,
    realtime,
    ffmpegPath: config.ffmpegPath,
    ffprobePath: config.ffprobePath,
    metadataPath: config.metadataPath,
    clock,
    log: log.child({ module: 'tools' }),
  })
  const embed = new EmbedService({
    items: browse.items,
    scans: scanner.scans,
    tasks,
    toolRuns,
    realtime,
    env: {
      ffmpegPath: config.ffmpegPath || 'ffmpeg',
      ffprobePath: config.ffprobePath || 'ffprobe',
      metadataPath: config.metadataPath,
    },
    log: log.child({ module: 'embed' }),
  })
  const ctx: AppContext = {
    toolRuns,
    embed,
    authSettings,
    openid,
    config,
    clock,
    log,
    logs: options.logControl ?? detachedLogControl(),
    database,
    realtime,
    limiters: {
      login: loginLimiter,
      refresh: refreshLimiter,
    },
    settings,
    users,
    auth,
    apiKeys: new ApiKeysService({ repo: apiKeysRepo, users, signer, clock }),
    libraries,
    browse,
    tasks,
    scanner,
    playback: createPlayback({ database, items: browse.items, realtime, clock, config, log }),
    stats: new StatsService({ repo: new StatsRepository(database.db), db: database.db }),
    collections,
    playlists,
    itemEdit,
    itemMetadata: new ItemMetadataService({
      repo: new MetaValuesRepository({ db: database.db, sqlite: database.sqlite }),
      libraries,
      scanRepo,
      settings,
      tasks,
      realtime,
      metadataPath: config.metadataPath,
      clock,
      log,
    }),
    itemCovers,
    itemFiles,
    authorEdit,
    seriesEdit: new SeriesEditService({ db: database.db, libraries, itemEdit, settings, realtime, clock }),
    libraryCare: new LibraryCareService({
      db: database.db,
      libraries,
      items: browse.items,
      authors: browse.authors,
      toolRuns,
      metadataPath: config.metadataPath,
      log,
    }),
    upload,
    metadata,
    fetcher,
    podcasts,
    podcastDownloads,
    shares: createShares({ database, items: browse.items, clock, log }),
    backups: new BackupsService({
      sqlite: database.sqlite,
      config,
      settings,
      settingsRepo,
      libraries,
      realtime,
      tasks,
      clock,
      log,
      notify: notifications,
      requestRestart: options.requestRestart,
    }),
    email: new EmailService({
      store: new EmailSettingsStore(settingsRepo),
      items: browse.items,
      realtime,
      sendMail: createMailer(options.mailTimeouts),
      log,
    }),
    feeds,
    notifications,
    releases,
    tools,
  }

  // First, so every answer carries them: 401s from the guard, 404s and errors too.
  await installSecurityHeaders(app, {
    allowIframe: async () => (await settings.getServerSettings()).allowIframe,
  })
  // Before the guard: a preflight carries no token, and 401s to an allowed origin must be readable.
  installCors(app, async () => (await settings.getServerSettings()).allowedOrigins)
  await app.register(cookie)
  installBodyParsers(app)
  // Multipart bodies (cover and book uploads) are streamed part by part; each route sets its own size caps.
  await app.register(multipart, { limits: { fields: 50, fieldSize: 64 * 1024, files: 1000, parts: 1100 } })
  installErrorHandling(app)
  installAuthGuard(app, auth)
  app.setNotFoundHandler((_request, reply) =>
    reply.code(404).type('text/plain; charset=utf-8').send('Not found'),
  )

  registerSystemRoutes(app, ctx)
  registerAuthRoutes(app, ctx)
  registerMeRoutes(app, ctx)
  registerUsersRoutes(app, ctx)
  registerApiKeysRoutes(app, ctx)
  registerSettingsRoutes(app, ctx)
  registerLibrariesRoutes(app, ctx)
  registerBrowseRoutes(app, ctx)
  registerScanRoutes(app, ctx)
  registerTaskRoutes(app, tasks, () => embed.queued())
  registerEmbedRoutes(app, ctx)
  registerPlaybackRoutes(app, ctx)
  registerStatsRoutes(app, ctx)
  registerCollectionsRoutes(app, ctx)
  registerPlaylistsRoutes(app, ctx)
  registerOpenApiRoutes(app)
  registerItemEditRoutes(app, ctx)
  registerItemMetadataRoutes(app, ctx)
  registerItemFilesRoutes(app, ctx)
  registerAuthorEditRoutes(app, ctx)
  registerSeriesEditRoutes(app, ctx)
  registerLibraryCareRoutes(app, ctx)
  registerMetadataProvidersRoutes(app, ctx)
  registerUploadRoutes(app, ctx)
  registerDownloadsRoutes(app, ctx)
  registerPodcastsRoutes(app, ctx)
  registerPodcastDownloadsRoutes(app, ctx)
  registerComicPagesRoutes(app, { comicPages: new ComicPagesService({ items: browse.items }) })
  registerEmailRoutes(app, ctx)
  registerOpenIDRoutes(app, ctx)
  registerBackupsRoutes(app, ctx)
  registerLogsRoutes(app, ctx)
  registerSharesRoutes(app, ctx)
  registerFeedsRoutes(app, ctx)
  registerNotificationsRoutes(app, ctx)
  registerReleasesRoutes(app, ctx)
  registerToolsRoutes(app, ctx)
  await registerClientFiles(app, config.clientDistPath, base)

  realtime.attach(app.server, base ? ['/socket.io', `${base}/socket.io`] : ['/socket.io'], async (token) => {
    const a = await auth.authenticate(token)
    if (!a) return null
    // Like Audiobookshelf, a user is "seen" when a client's socket signs in (not on login, refresh or authorize).
    await users.touchLastSeen(a.user.id)
    return { user: a.user, sessionId: a.sessionId }
  })

  if (config.demoLibraryPath) {
    await registerDemoLibrary(config.demoLibraryPath, { libraries: ctx.libraries, settingsRepo, log }).catch(
      (err: unknown) => log.warn({ err }, 'demo library could not be registered'),
    )
  }
  await scanner.start()
  await ctx.playback.sessions.start()
  await podcastDownloads.start()
  await tools
    .sweepStaleWork()
    .catch((err: unknown) => log.warn({ err }, 'stale audio tool work folders could not be removed'))
  await ctx.backups.start()
  await ctx.shares.start()
  app.addHook('preClose', async () => {
    ctx.shares.stop()
  })
  app.addHook('preClose', async () => {
    ctx.backups.stop()
  })
  // Running encodes and splits stop (ffmpeg killed, partial output removed) before the scanner and database go.
  app.addHook('preClose', async () => {
    await tools.stop()
  })
  // Schedules stop and running downloads are cancelled (and awaited) before the database closes.
  app.addHook('preClose', async () => {
    await podcastDownloads.stop()
  })
  // Open sessions close (their ffmpeg killed, stream folders removed) before the database goes.
  app.addHook('preClose', async () => {
    await ctx.playback.sessions.stop()
  })
  // Scans stop (and are awaited) before anything else closes: no scan writes after the database is gone.
  // Embeds in flight finish (their rescan needs the scanner) before the scanner stops.
  app.addHook('preClose', async () => {
    await embed.stop()
  })
  app.addHook('preClose', async () => {
    await scanner.stop()
    tasks.close()
  })

  const housekeeping = setInterval(() => void auth.pruneExpired().catch(() => undefined), HOUR_MS)
  housekeeping.unref()
  // Sockets go first: an open websocket keeps the HTTP server from closing, so close() would hang.
  app.addHook('preClose', async () => {
    await realtime.close()
  })
  const stopLogStream = streamLogsToListeners(ctx)
  if (options.logLevelFromSettings) ctx.logs.setLevel(pinoLevelOf(serverSettings.logLevel))
  // Day files are kept as long as the setting says, from start-up and whenever it changes.
  ctx.logs.setRetention(serverSettings.loggerDailyLogsToKeep)
  settings.onChange((next) => ctx.logs.setRetention(next.loggerDailyLogsToKeep))
  app.addHook('onClose', async () => {
    stopLogStream()
    clearInterval(housekeeping)
    ctx.notifications.stop()
    ctx.fetcher.close()
    if (!options.database) await database.close()
  })

  return { app, ctx }
}
