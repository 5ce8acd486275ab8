/**
 * The audio tools' task failures (spec §8), each with Audiobookshelf's locale key so the task card shows it in
 * the reader's language; `subs` fill the key's {{0}}.
 */
export const toolFailures = {
  audioFileNotWritable: { key: 'MessageTaskAudioFileNotWritable', text: 'Audio file "{0}" is not writable' },
  targetNotWritable: {
    key: 'MessageTaskTargetDirectoryNotWritable',
    text: 'Target directory is not writable',
  },
  mergeFailed: { key: 'MessageTaskFailedToMergeAudioFiles', text: 'Failed to merge audio files' },
  moveFailed: { key: 'MessageTaskFailedToMoveM4bFile', text: 'Failed to move m4b file' },
  backupFailed: { key: 'MessageTaskFailedToBackupAudioFile', text: 'Failed to backup audio file "{0}"' },
  cacheDirFailed: {
    key: 'MessageTaskFailedToCreateCacheDirectory',
    text: 'Failed to create cache directory',
  },
  noDiskSpace: { key: 'MessageTaskNotEnoughDiskSpace', text: 'Not enough free disk space' },
  splitFailed: { key: 'MessageTaskFailedToSplitM4b', text: 'Failed to split the m4b file' },
} as const

export type ToolFailureKind = keyof typeof toolFailures

/** A run that stopped on one of the §8 failures; `detail` goes to the run's log, never to the task card. */
export class ToolFailure extends Error {
  readonly kind: ToolFailureKind
  readonly subs: string[]
  readonly detail: string | null
  constructor(kind: ToolFailureKind, opts: { subs?: string[]; detail?: string | null } = {}) {
    const subs = opts.subs ?? []
    super(subs.reduce((text, sub, i) => text.replace(`{${i}}`, sub), toolFailures[kind].text as string))
    this.kind = kind
    this.subs = subs
    this.detail = opts.detail ?? null
  }
}

/** Thrown when the run was cancelled: the task ends as canceled, not failed. */
export class ToolCancelled extends Error {
  constructor() {
    super('Canceled by user')
  }
}
