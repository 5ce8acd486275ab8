// The filename rule is shared with the client (its folder preview): contracts `rules/filename.ts`.
export { MAX_FILENAME_BYTES, sanitizeFilename } from '@shelfcast/contracts'
