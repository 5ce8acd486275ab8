import { z } from 'zod'
import { ApiKey, CreateApiKeyRequest, CreatedApiKey, UpdateApiKeyRequest } from '../users.ts'
import { defineRoute } from './route.ts'

const tag = 'API keys'

const IdParams = z.object({ id: z.string().min(1).max(100) })

/** API keys, for admins (modules/api-keys): each acts as its user, with that user's rights. */
export const apiKeyRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/api-keys',
    tag,
    summary: 'Every API key (without its secret)',
    access: 'admin',
    answer: z.object({ apiKeys: z.array(ApiKey) }),
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/api-keys',
    tag,
    summary: 'Creates a key for a user; the answer holds its secret, shown this once',
    access: 'admin',
    body: CreateApiKeyRequest,
    answer: z.object({ apiKey: CreatedApiKey }),
    errors: {
      400: 'Bad name, expiry or user',
      403: 'Not through an API key, nor for a user above the caller',
    },
  }),
  update: defineRoute({
    method: 'PATCH',
    path: '/api/api-keys/:id',
    tag,
    summary: 'Turns a key on or off, or gives it to another user',
    access: 'admin',
    params: IdParams,
    body: UpdateApiKeyRequest,
    answer: z.object({ apiKey: ApiKey }),
    errors: {
      400: 'Bad user',
      403: 'Not through an API key, nor for a user above the caller',
      404: 'No such key',
    },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/api-keys/:id',
    tag,
    summary: 'Deletes a key',
    access: 'admin',
    params: IdParams,
    answer: z.object({ success: z.boolean() }),
    errors: { 403: 'Not through an API key', 404: 'No such key' },
  }),
} as const
