// Real media for the demo library, server tests and e2e fixtures, generated with ffmpeg.
export { makeAudio, tagPlan, AUDIO_FORMATS } from './audio.ts'
export type { AudioFormat, AudioTags, Chapter, MakeAudioOptions } from './audio.ts'
export { makeCoverImage, wrapText } from './image.ts'
export type { MakeCoverImageOptions } from './image.ts'
export { makeEpub } from './epub.ts'
export type { EpubChapter, MakeEpubOptions } from './epub.ts'
export {
  id3Frame,
  id3Tag,
  makeBrokenFiles,
  makeGarbageFile,
  makeTruncatedFile,
  makeZeroByteFile,
} from './broken.ts'
export type { BrokenFiles, MakeGarbageFileOptions, MakeTruncatedFileOptions } from './broken.ts'
export { ffmpegPath, ffprobePath, ffprobeJson, hasFfmpeg, probeMedia, runFfmpeg } from './ffmpeg.ts'
export type { FfprobeJson, MediaInfo, ProbedChapter } from './ffmpeg.ts'
export { readZip, zipBuffer } from './zip.ts'
export type { ReadZipEntry, ZipEntry } from './zip.ts'
export { comicPagePng, comicPages, makeCbr, makeCbz, makeZipBombCbz } from './comic.ts'
export type { ComicEntry, ComicPageOptions } from './comic.ts'
