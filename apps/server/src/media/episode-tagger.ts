import { execFile } from 'node:child_process'
import fs from 'node:fs/promises'

/** Tags written into a downloaded episode, so a later rescan (or another player) reads the feed's facts. */
export interface EpisodeTags {
  title: string
  podcastTitle: string | null
  author: string | null
  /** ISO date (yyyy-mm-dd) of publication. */
  date: string | null
  description: string | null
  subtitle: string | null
  episode: string | null
  season: string | null
}

/** A tag pass copies streams: even a long episode takes seconds; minutes means ffmpeg hangs. */
const TAG_TIMEOUT_MS = 5 * 60_000
/** ID3 frames and MP4 atoms take long text, but a 200 kB show-notes comment helps nobody. */
const MAX_TAG_CHARS = 4000

function metadataArgs(tags: EpisodeTags): string[] {
  const pairs: [string, string | null][] = [
    ['title', tags.title],
    ['album', tags.podcastTitle],
    ['artist', tags.author],
    ['album_artist', tags.author],
    ['date', tags.date],
    ['comment', tags.description],
    ['description', tags.description],
    ['subtitle', tags.subtitle],
    ['track', tags.episode],
    ['episode', tags.episode],
    ['season', tags.season],
    ['genre', 'Podcast'],
  ]
  return pairs.flatMap(([key, value]) => {
    const text = value?.replace(/\0/g, '').trim().slice(0, MAX_TAG_CHARS)
    return text ? ['-metadata', `${key}=${text}`] : []
  })
}

/** The ffmpeg argument array that copies `input`'s audio into `output` with tags (and a cover picture). */
export function tagArguments(
  input: string,
  output: string,
  tags: EpisodeTags,
  coverPath: string | null,
): string[] {
  const args = ['-hide_banner', '-nostdin', '-loglevel', 'error', '-y', '-i', input]
  if (coverPath) args.push('-i', coverPath)
  args.push('-map', '0:a')
  if (coverPath) args.push('-map', '1:v:0', '-disposition:v:0', 'attached_pic')
  args.push('-c', 'copy', ...metadataArgs(tags))
  if (output.toLowerCase().endsWith('.mp3')) args.push('-id3v2_version', '3')
  args.push(output)
  return args
}

function runFfmpeg(ffmpegPath: string, args: string[], signal: AbortSignal | undefined): Promise<void> {
  return new Promise((resolve, reject) => {
    execFile(
      ffmpegPath,
      args,
      { timeout: TAG_TIMEOUT_MS, signal, windowsHide: true, maxBuffer: 1024 * 1024 },
      (error, _stdout, stderr) => {
        if (error)
          reject(
            new Error(`ffmpeg failed: ${String(stderr).trim().split('\n').slice(-3).join(' ')}`, {
              cause: error,
            }),
          )
        else resolve()
      },
    )
  })
}

/**
 * Writes tags (and the podcast's cover as an attached picture) into `output`, copying the audio as it is.
 * A cover some containers refuse (e.g. Ogg) is dropped on a second try; answers whether tagging worked.
 * `output` never exists afterwards when it did not.
 */
export async function tagEpisodeFile(opts: {
  ffmpegPath: string
  input: string
  output: string
  tags: EpisodeTags
  coverPath: string | null
  signal?: AbortSignal
}): Promise<{ ok: true } | { ok: false; error: Error }> {
  const attempts = opts.coverPath ? [opts.coverPath, null] : [null]
  let last: Error = new Error('ffmpeg was not run')
  for (const cover of attempts) {
    try {
      await runFfmpeg(opts.ffmpegPath, tagArguments(opts.input, opts.output, opts.tags, cover), opts.signal)
      return { ok: true }
    } catch (err) {
      last = err instanceof Error ? err : new Error(String(err))
      await fs.rm(opts.output, { force: true })
      if (opts.signal?.aborted) break
    }
  }
  return { ok: false, error: last }
}
