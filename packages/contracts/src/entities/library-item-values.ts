// The zod-free values of library-item.ts: the web client loads them without zod (`@shelfcast/contracts/client`).
import type { AudioFile, AudioFileSummary } from './library-item.ts'

/** Whether an episode's file is the whole file (not the summary of a minified list). */
export const isFullAudioFile = (file: AudioFile | AudioFileSummary | null | undefined): file is AudioFile =>
  !!file && 'mimeType' in file

export const episodeTypes = ['full', 'trailer', 'bonus'] as const
