// The guarded fetcher: the only way server code fetches a URL a user gave it.
export {
  createGuardedFetcher,
  defaultDownloadLimits,
  defaultFetchLimits,
  type FetchedBody,
  type FetchedHead,
  type FetchedImage,
  type FetchedStream,
  type FetchLimits,
  type FetchOptions,
  type GuardedFetcher,
  type GuardedFetcherOptions,
} from './guarded-fetcher.ts'
export {
  FetchBlockedError,
  FetchError,
  FetchFailedError,
  FetchStatusError,
  type FetchBlockedReason,
  type FetchFailedReason,
} from './fetch-errors.ts'
export { imageTypes, type ImageType } from './content-type.ts'
export type { Resolver } from './guarded-lookup.ts'
// Outbound mail (SMTP): email settings' test mail and ebooks sent to ereader devices.
export {
  createMailer,
  defaultMailTimeouts,
  MailSendError,
  type Mail,
  type MailAttachment,
  type MailTimeouts,
  type SendMail,
  type SmtpServer,
} from './mailer.ts'
// The identity provider of OpenID sign-in (admin-set, often on the local network): time-bounded calls.
export { createOpenIDFetch, OPENID_FETCH_TIMEOUT_MS } from './openid-fetch.ts'
