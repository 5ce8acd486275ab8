/**
 * `@shelfcast/contracts/client`: what the web client uses at run time, without zod. The route groups carry
 * method and path only (generated from the real ones, typed as them); the constants and rules are the same
 * values the schemas are built from. Types come from the main entry (`import type … from '@shelfcast/contracts'`),
 * whose schemas would bring zod into the first load.
 */
export * from './routes/client-routes.generated.ts'
export { fillPath, pathParams, rawAnswer } from './routes/route.ts'
export * from './limits.ts'
export * from './settings.ts'
export * from './rules/messages.ts'
export * from './message-header.ts'
export * from './rules/username-values.ts'
export * from './rules/cron.ts'
export * from './rules/chapters.ts'
export * from './rules/filename.ts'
export * from './rules/playback-bounds.ts'
export * from './rules/slug.ts'
export * from './rules/permissions.ts'
export * from './rules/meta-value.ts'
export * from './items-values.ts'
export * from './listing-values.ts'
export * from './playback-values.ts'
export * from './podcasts-values.ts'
export * from './metadata-providers-values.ts'
export * from './email-values.ts'
export * from './shares-values.ts'
export * from './entities/library-values.ts'
export * from './entities/library-item-values.ts'
export * from './entities/server-settings-values.ts'
export * from './entities/user-values.ts'
