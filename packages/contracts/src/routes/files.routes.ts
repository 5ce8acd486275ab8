import { z } from 'zod'
import { FilesystemQuery, FilesystemResponse } from '../library-admin.ts'
import { limits } from '../limits.ts'
import { defineRoute, rawAnswer } from './route.ts'

/** POST /api/filesystem/pathexists: would an upload into this library folder land on an existing path? */
export const PathExistsRequest = z.object({
  directory: z.string().max(4096),
  folderPath: z.string().min(1).max(4096),
})

/** GET /api/libraries/:id/download?ids=a,b: the items (at most `limits.batchDownloadMaxItems`), comma-separated. */
const DownloadIdsQuery = z.object({
  ids: z
    .string()
    .min(1, 'No items given')
    .max(limits.batchDownloadMaxItems * 101),
})

/** Uploads, downloads and the server's folders (modules/upload, downloads, filesystem). */
export const fileRoutes = {
  upload: defineRoute({
    method: 'POST',
    path: '/api/upload',
    tag: 'Uploads',
    summary: 'Uploads the files of one new item into a library folder (never overwriting)',
    permission: 'upload',
    multipart:
      'Fields first (library, folder, title, author, series; a podcast: title only), then the files: audio, ebooks, ' +
      'images, metadata files (at most 20 GB each).',
    answer: z.object({ path: z.string().describe("The new item's folder on the server") }),
    errors: {
      400: 'Not multipart, no files, a field after a file, a file type not allowed, or the path already exists',
      404: 'No such library',
    },
  }),
  pathExists: defineRoute({
    method: 'POST',
    path: '/api/filesystem/pathexists',
    tag: 'Uploads',
    summary: "Whether an upload's target folder already exists inside a library folder",
    permission: 'upload',
    body: PathExistsRequest,
    answer: z.object({ exists: z.boolean() }),
    errors: { 400: 'The folder is not a folder of a library the caller can open' },
  }),
  downloadItem: defineRoute({
    method: 'GET',
    path: '/api/items/:id/download',
    tag: 'Downloads',
    summary: "An item's single file as it is, or all its files as one zip",
    permission: 'download',
    queryToken: true,
    answer: rawAnswer.bytes(
      'application/zip, application/octet-stream',
      'The file or the zip, as an attachment',
    ),
    errors: { 404: 'No such item, or it has no files' },
  }),
  downloadItemFile: defineRoute({
    method: 'GET',
    path: '/api/items/:id/file/:ino/download',
    tag: 'Downloads',
    summary: 'One file of an item, as an attachment (byte ranges allowed)',
    permission: 'download',
    queryToken: true,
    answer: rawAnswer.bytes('application/octet-stream', 'The file, as an attachment'),
    errors: { 404: 'No such item or file' },
  }),
  downloadLibraryItems: defineRoute({
    method: 'GET',
    path: '/api/libraries/:id/download',
    tag: 'Downloads',
    summary: `Several items of a library (at most ${limits.batchDownloadMaxItems}) as one zip`,
    permission: 'download',
    queryToken: true,
    query: DownloadIdsQuery,
    answer: rawAnswer.bytes('application/zip', 'The zip, as an attachment'),
    errors: { 400: `No ids, or more than ${limits.batchDownloadMaxItems}`, 404: 'No such library or items' },
  }),
  folders: defineRoute({
    method: 'GET',
    path: '/api/filesystem',
    tag: 'Server folders',
    summary: "The server's folders under a path (for choosing library folders)",
    access: 'admin',
    query: FilesystemQuery,
    answer: FilesystemResponse,
    errors: { 400: 'The path is not absolute', 404: 'No such folder' },
  }),
} as const
