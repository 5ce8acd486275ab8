import type { Logger } from 'pino'
import type { Clock } from '../../clock.ts'
import type { DatabaseHandle } from '../../db/connection.ts'
import type { ItemsService } from '../library-items/items.service.ts'
import { PublicShareService } from './public-share.service.ts'
import { SHARE_SESSION_MAX_AGE_MS } from './share-session-cookie.ts'
import { SharesRepository } from './shares.repository.ts'
import { SharesService } from './shares.service.ts'

const HOUR_MS = 3600_000

/** Share links of books: the admin side, the public side, and their expiry. */
export interface Shares {
  shares: SharesService
  public: PublicShareService
  start(): Promise<void>
  stop(): void
}

export function createShares(deps: {
  database: DatabaseHandle
  items: ItemsService
  clock: Clock
  log: Logger
}): Shares {
  const repo = new SharesRepository(deps.database.db)
  // Positions of browsers that have not come back within the cookie's life are of no use to anyone.
  const prune = () => repo.pruneSessions(deps.clock() - SHARE_SESSION_MAX_AGE_MS)
  let pruning: NodeJS.Timeout | null = null
  const shares = new SharesService({ repo, items: deps.items, clock: deps.clock, log: deps.log })
  // include=share on items reads the shares through this lookup.
  deps.items.setShareLookup((ids) => shares.sharesOf(ids))
  return {
    shares,
    public: new PublicShareService({
      repo,
      items: deps.items,
      clock: deps.clock,
    }),
    async start() {
      await prune()
      pruning = setInterval(() => void prune().catch(() => undefined), HOUR_MS)
      pruning.unref()
      await shares.start()
    },
    stop() {
      if (pruning) clearInterval(pruning)
      shares.stop()
    },
  }
}
