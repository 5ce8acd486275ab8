import { MAX_FILENAME_BYTES, sanitizeFilename } from '@shelfcast/contracts/client'

/** File systems cap one name at 255 bytes (spec §9); counted in UTF-8, as the server counts. */
export const MAX_FOLDER_NAME_BYTES = MAX_FILENAME_BYTES

/**
 * The spec's filename rule as the server applies it to a new podcast's folder (the same function, from
 * contracts): the preview shows what the server will create; '' means nothing usable is left.
 */
export const sanitizeFolderName = (name: string): string => sanitizeFilename(name)
