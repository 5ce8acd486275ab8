import { execFile } from 'node:child_process'
import { z } from 'zod'

const FFPROBE_TIMEOUT_MS = 20_000
const FFPROBE_MAX_OUTPUT = 8 * 1024 * 1024

const FfprobeOutput = z.object({
  format: z
    .object({
      format_name: z.string().optional(),
      duration: z.string().optional(),
      bit_rate: z.string().optional(),
      tags: z.record(z.string(), z.string()).optional(),
    })
    .optional(),
  streams: z
    .array(
      z.object({
        codec_type: z.string().optional(),
        codec_name: z.string().optional(),
        /** Hz, as text (the audio tools compare inputs' rates). */
        sample_rate: z.string().optional(),
        channels: z.number().optional(),
        channel_layout: z.string().optional(),
        time_base: z.string().optional(),
        duration: z.string().optional(),
        bit_rate: z.string().optional(),
        tags: z.record(z.string(), z.string()).optional(),
      }),
    )
    .optional(),
  chapters: z
    .array(
      z.object({
        start_time: z.string(),
        end_time: z.string(),
        tags: z.record(z.string(), z.string()).optional(),
      }),
    )
    .optional(),
})
export type FfprobeOutput = z.infer<typeof FfprobeOutput>

/**
 * ffprobe, the fallback for files the in-process parser cannot read (17-35 files/s, so never the first
 * choice). Argument array, no shell; the path is given with the `file:` protocol so it is never read as
 * an option or another protocol.
 */
export async function ffprobe(ffprobePath: string, file: string): Promise<FfprobeOutput> {
  const parsed = FfprobeOutput.safeParse(await ffprobeJson(ffprobePath, file))
  if (!parsed.success) throw new Error('ffprobe gave unreadable output')
  return parsed.data
}

/** ffprobe's JSON of a file as it printed it (format, streams, chapters), with the same limits. */
export function ffprobeJson(ffprobePath: string, file: string): Promise<Record<string, unknown>> {
  const args = [
    '-v',
    'error',
    '-print_format',
    'json',
    '-show_format',
    '-show_streams',
    '-show_chapters',
    `file:${file}`,
  ]
  return new Promise((resolve, reject) => {
    execFile(
      ffprobePath,
      args,
      { timeout: FFPROBE_TIMEOUT_MS, maxBuffer: FFPROBE_MAX_OUTPUT, windowsHide: true },
      (err, stdout) => {
        if (err) return reject(new Error(`ffprobe failed: ${err.message.split('\n')[0] ?? 'unknown error'}`))
        try {
          const json: unknown = JSON.parse(stdout)
          if (json && typeof json === 'object' && !Array.isArray(json))
            resolve(json as Record<string, unknown>)
          else reject(new Error('ffprobe gave unreadable output'))
        } catch {
          reject(new Error('ffprobe gave unreadable output'))
        }
      },
    )
  })
}
