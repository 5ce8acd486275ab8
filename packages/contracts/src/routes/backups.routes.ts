import { z } from 'zod'
import { BackupsResponse, UpdateBackupPathRequest } from '../backups.ts'
import { defineRoute, rawAnswer } from './route.ts'

const tag = 'Backups'
const id = z.object({ id: z.string().regex(/^[\w.-]{1,200}$/, 'Invalid backup id') })

/** Backups of the database and metadata images: list, create, download, upload, delete, restore (modules/backups). */
export const backupRoutes = {
  list: defineRoute({
    method: 'GET',
    path: '/api/backups',
    tag,
    summary: 'Every complete backup, newest first, and the backup folder',
    access: 'admin',
    answer: BackupsResponse,
  }),
  create: defineRoute({
    method: 'POST',
    path: '/api/backups',
    tag,
    summary: 'Makes a backup now (online SQLite backup + metadata images, zipped); answers the new list',
    access: 'admin',
    answer: BackupsResponse,
    errors: { 400: 'The backup failed (larger than the maximum backup size, folder not writable)' },
  }),
  remove: defineRoute({
    method: 'DELETE',
    path: '/api/backups/:id',
    tag,
    summary: 'Deletes a backup; answers the new list',
    access: 'admin',
    params: id,
    answer: BackupsResponse,
    errors: { 404: 'No such backup' },
  }),
  download: defineRoute({
    method: 'GET',
    path: '/api/backups/:id/download',
    tag,
    summary: 'The backup archive as an attachment',
    access: 'admin',
    queryToken: true,
    params: id,
    answer: rawAnswer.bytes('application/zip', 'The .audiobookshelf archive'),
    errors: { 404: 'No such backup' },
  }),
  apply: defineRoute({
    method: 'GET',
    path: '/api/backups/:id/apply',
    tag,
    summary:
      'Validates the backup, migrates it forward, then restarts onto it; everyone gets backup_applied and reloads',
    access: 'admin',
    params: id,
    answer: z.object({}),
    errors: { 400: 'Not a valid Shelfcast backup (the live database is untouched)', 404: 'No such backup' },
  }),
  upload: defineRoute({
    method: 'POST',
    path: '/api/backups/upload',
    tag,
    summary: 'Uploads a backup archive, validated before it is listed; answers the new list',
    access: 'admin',
    multipart: 'Field "file": the .audiobookshelf archive',
    answer: BackupsResponse,
    errors: { 400: 'Not a valid Shelfcast backup', 413: 'Larger than the maximum backup size' },
  }),
  updatePath: defineRoute({
    method: 'PATCH',
    path: '/api/backups/path',
    tag,
    summary: 'Moves the backup folder (absolute, writable, outside every library folder)',
    access: 'admin',
    body: UpdateBackupPathRequest,
    answer: BackupsResponse,
    errors: { 400: 'Empty, relative, inside a library folder or not writable' },
  }),
} as const
