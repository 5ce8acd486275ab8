import type { Logger } from 'pino'
import type { Clock } from '../../clock.ts'
import type { Config } from '../../config/config.ts'
import type { DatabaseHandle } from '../../db/connection.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import { PlaybackRepository } from './playback.repository.ts'
import { PlaybackService } from './playback.service.ts'
import { LocalSessionsService } from './local-sessions.service.ts'
import { ProgressService } from './progress.service.ts'

/** Playback sessions (play, sync, close, streams, history) and the user's progress and bookmarks. */
export interface Playback {
  sessions: PlaybackService
  progress: ProgressService
  /** Sessions mobile apps played offline. */
  localSessions: LocalSessionsService
}

export function createPlayback(deps: {
  database: DatabaseHandle
  items: ItemsService
  realtime: Realtime
  clock: Clock
  config: Config
  log: Logger
}): Playback {
  const repo = new PlaybackRepository(deps.database.db, deps.database.sqlite)
  return {
    sessions: new PlaybackService({
      repo,
      items: deps.items,
      realtime: deps.realtime,
      clock: deps.clock,
      config: deps.config,
      log: deps.log,
    }),
    progress: new ProgressService({ repo, realtime: deps.realtime, clock: deps.clock }),
    localSessions: new LocalSessionsService({ repo, realtime: deps.realtime, clock: deps.clock }),
  }
}
