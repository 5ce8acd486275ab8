/**
 * The user-facing validation messages of spec §5 (and the ones our rules add), defined once: contract
 * schemas and server services answer these texts, and the client compares and shows them by key.
 */
export const messages = {
  titleRequired: 'Title is required',
  nameRequired: 'Name is required',
  asinRequired: 'ASIN required',
  invalidAsin: 'Invalid ASIN',
  providerNameAndUrlRequired: 'Name and Url required',
  userRequired: 'Must select a user',
  pathRequired: 'Must have at least one path',
  newPasswordSameAsOld: 'New password cannot match old password',
  invalidUrl: 'Invalid URL',
  seriesSequenceSpaces: 'Series sequence cannot contain spaces',
  seriesDuplicate: 'Cannot add two series with the same name',
  slugRequired: 'Slug is required',
  slugInvalid: 'Slug contains invalid characters',
  shareSlugTaken: 'Slug is already in use',
  itemAlreadyShared: 'Item is already shared',
  shareExpiryPast: 'Expiration date must be in the future',
  bulkChaptersCount: 'Enter a number between 1 and 150',
  cronFields: 'Invalid cron expression: it needs 5 fields',
  cronInvalid: 'Invalid cron expression',
  cronNeverRuns: 'Invalid cron expression: it never runs',
  ereaderNameAndEmailRequired: 'Name and email are required',
  ereaderDuplicateName: 'Ereader device with that name already exists',
  invalidEmailAddress: 'Invalid email address',
} as const

export type MessageKey = keyof typeof messages
export type Message = (typeof messages)[MessageKey]
