/** The rules the server enforces and the client's forms show, one home each (issue #13 scope 3). */
export * from './rules/messages.ts'
export * from './rules/username.ts'
export * from './rules/cron.ts'
export * from './rules/chapters.ts'
export * from './rules/filename.ts'
export * from './rules/playback-bounds.ts'
export * from './rules/slug.ts'
export * from './rules/permissions.ts'
