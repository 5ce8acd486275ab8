import { z } from 'zod'
import { User } from '../entities/user.ts'
import { CreateUserRequest, OnlineUsersResponse, UpdateUserRequest } from '../users.ts'
import { defineRoute } from './route.ts'

const tag = 'Users'

const IdParams = z.object({ id: z.string().min(1).max(100) })

/** Accounts, for admins (modules/users). */
export const userRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/users',
    tag,
    summary: 'Every account',
    access: 'admin',
    answer: z.object({ users: z.array(User) }),
  }),
  online: defineRoute({
    method: 'GET',
    path: '/api/users/online',
    tag,
    summary: 'The users online now and every open playback session',
    access: 'admin',
    answer: OnlineUsersResponse,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/users',
    tag,
    summary: 'Creates an account',
    access: 'admin',
    body: CreateUserRequest,
    answer: z.object({ user: User }),
    errors: {
      400: 'Bad username, password or permissions',
      403: 'Only the root user creates admins',
      409: 'The username is taken',
    },
  }),
  get: defineRoute({
    method: 'GET',
    path: '/api/users/:id',
    tag,
    summary: 'One account',
    access: 'admin',
    params: IdParams,
    answer: User,
    errors: { 404: 'No such user' },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/users/:id',
    tag,
    summary:
      "Changes an account's name, password, type, permissions or access (a change of rights ends its sessions)",
    access: 'admin',
    params: IdParams,
    body: UpdateUserRequest,
    answer: z.object({ success: z.boolean(), user: User }),
    errors: {
      400: 'Bad username, password or permissions',
      403: "Root's type or state, one's own type or state, or an admin by a non-root",
      404: 'No such user',
      409: 'The username is taken',
    },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/users/:id',
    tag,
    summary: 'Deletes an account and its sessions',
    access: 'admin',
    params: IdParams,
    answer: z.object({ success: z.boolean() }),
    errors: { 403: 'Root, oneself, or an admin by a non-root', 404: 'No such user' },
  }),
} as const
