import { canAccessLibrary, isAdminOrUp, scanRoutes as routes, type TasksResponse } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import { requireAuth } from '../http/auth-guard.ts'
import { serveRoute } from '../http/serve-route.ts'
import type { TaskRunner } from './task-runner.ts'

/**
 * GET /api/tasks: the running tasks like Audiobookshelf's (`include=finished` adds the recently finished);
 * admins see every task, others only tasks of libraries they can open.
 */
export function registerTaskRoutes(
  app: FastifyInstance,
  tasks: TaskRunner,
  embedQueue: () => { libraryItemId: string }[] = () => [],
) {
  serveRoute(app, routes.tasks, ({ query }, request) => {
    const { user } = requireAuth(request)
    const includes = (query.include ?? '').split(',')
    const list = tasks.list(
      (t) => isAdminOrUp(user.type) || (!!t.data.libraryId && canAccessLibrary(user, t.data.libraryId)),
      { runningOnly: !includes.includes('finished') },
    )
    const body: TasksResponse = { tasks: list }
    // The metadata embed queue (quick embed), waiting and running items in order.
    if (includes.includes('queue')) {
      body.queuedTaskData = { embedMetadata: isAdminOrUp(user.type) ? embedQueue() : [] }
    }
    return body
  })
}
