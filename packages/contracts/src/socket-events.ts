import type { UserSummary } from './entities/user.ts'
import type { User } from './entities/user.ts'

/** An online user as admins see it. */
export interface OnlineUser extends UserSummary {
  online: true
}

export interface InitPayload {
  userId: string
  username: string
  /** Sent to admins only. */
  usersOnline?: OnlineUser[]
}

/**
 * Server -> client events. Events of later capabilities are added here as they land;
 * the payloads of those not yet typed are `unknown` so the client can still subscribe.
 */
export interface ServerToClientEvents {
  init: (payload: InitPayload) => void
  auth_failed: (payload: { message: string }) => void
  user_online: (user: OnlineUser) => void
  user_offline: (user: OnlineUser) => void
  user_updated: (user: User) => void
  admin_message: (message: string) => void
  [event: string]: (...args: never[]) => void
}

export interface ClientToServerEvents {
  auth: (token: string) => void
  cancel_scan: (libraryId: string) => void
}
