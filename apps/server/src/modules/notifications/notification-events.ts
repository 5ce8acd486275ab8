import type { NotificationEvent, NotificationEventName } from '@shelfcast/contracts'

/** Values an event fills its templates with (missing ones render empty). */
export type NotificationVariables = Readonly<Record<string, string | number | boolean | null | undefined>>

/** Where modules fire events; never blocks or throws (the queue sends later). */
export interface NotificationSink {
  fire(eventName: NotificationEventName, variables: NotificationVariables): void
}

/** The event definitions (GET /api/notificationdata): Audiobookshelf's names, variables and default templates. */
export function notificationEvents(version: string): NotificationEvent[] {
  return [
    {
      name: 'onPodcastEpisodeDownloaded',
      requiresLibrary: true,
      libraryMediaType: 'podcast',
      description: 'Triggered when a podcast episode is downloaded',
      variables: [
        'libraryItemId',
        'libraryId',
        'podcastTitle',
        'podcastAuthor',
        'episodeTitle',
        'episodeSubtitle',
        'episodeDescription',
        'libraryName',
        'episodeId',
      ],
      defaults: {
        title: 'New {{podcastTitle}} Episode!',
        body: '{{episodeTitle}} has been added to {{libraryName}} library.',
      },
      testData: {
        libraryItemId: 'li_notification_test',
        libraryId: 'lib_test',
        libraryName: 'Podcasts',
        podcastTitle: 'Shelfcast Test Podcast',
        podcastAuthor: 'Shelfcast',
        episodeTitle: 'Successful Test Episode',
        episodeSubtitle: 'Episode subtitle',
        episodeDescription: 'Episode description',
        episodeId: 'ep_notification_test',
      },
    },
    {
      name: 'onPodcastEpisodeDownloadFailed',
      requiresLibrary: true,
      libraryMediaType: 'podcast',
      description: 'Triggered when a podcast episode download fails',
      variables: ['libraryItemId', 'libraryId', 'podcastTitle', 'episodeTitle', 'libraryName', 'errorMsg'],
      defaults: {
        title: 'Episode download failed: {{podcastTitle}}',
        body: '{{episodeTitle}} could not be downloaded.\nError message: {{errorMsg}}',
      },
      testData: {
        libraryItemId: 'li_notification_test',
        libraryId: 'lib_test',
        libraryName: 'Podcasts',
        podcastTitle: 'Shelfcast Test Podcast',
        episodeTitle: 'Failed Test Episode',
        errorMsg: 'Test error message',
      },
    },
    {
      name: 'onBackupCompleted',
      requiresLibrary: false,
      description: 'Triggered when a backup is completed',
      variables: ['completionTime', 'backupPath', 'backupSize', 'backupCount', 'removedOldest'],
      defaults: {
        title: 'Backup Completed',
        body: 'Backup has been completed successfully.\n\nPath: {{backupPath}}\nSize: {{backupSize}} bytes\nCount: {{backupCount}}\nRemoved Oldest: {{removedOldest}}',
      },
      testData: {
        completionTime: '12:00 AM',
        backupPath: 'path/to/backup',
        backupSize: '1.23 MB',
        backupCount: '1',
        removedOldest: 'false',
      },
    },
    {
      name: 'onBackupFailed',
      requiresLibrary: false,
      description: 'Triggered when a backup fails',
      variables: ['errorMsg'],
      defaults: {
        title: 'Backup Failed',
        body: 'Backup failed, check the Shelfcast logs for more information.\nError message: {{errorMsg}}',
      },
      testData: { errorMsg: 'Example error message' },
    },
    {
      name: 'onTest',
      requiresLibrary: false,
      description: 'Event for testing the notification system',
      variables: ['version'],
      defaults: {
        title: 'Test Notification on Shelfcast {{version}}',
        body: 'Test notification body for Shelfcast {{version}}.',
      },
      testData: { version: `v${version}` },
    },
  ]
}
