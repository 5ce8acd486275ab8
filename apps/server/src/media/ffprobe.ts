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
export function ffprobe(ffprobePath: string, file: string): Promise<FfprobeOutput> {
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
          resolve(FfprobeOutput.parse(JSON.parse(stdout)))
        } catch {
          reject(new Error('ffprobe gave unreadable output'))
        }
      },
    )
  })
}
