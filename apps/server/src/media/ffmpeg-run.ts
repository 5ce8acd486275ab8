import { spawn } from 'node:child_process'

/** After a polite SIGTERM, ffmpeg gets this long to stop before SIGKILL. */
const KILL_GRACE_MS = 3_000
/** The last stderr lines kept for the log: enough to say why a merge failed. */
const STDERR_TAIL_CHARS = 4_000

export interface FfmpegRunResult {
  /** Exit code 0 and no signal. */
  ok: boolean
  /** Stopped through the abort signal (cancel), not by a failure of its own. */
  aborted: boolean
  /** ffmpeg exited on a signal it did not get from us (killed from outside) or with this code. */
  code: number | null
  signal: NodeJS.Signals | null
  stderrTail: string
}

/**
 * Runs ffmpeg with an argument array (no shell) and `-progress pipe:1`, reporting the output position in seconds
 * as it goes. The abort signal stops it: SIGTERM, then SIGKILL after a grace. Never rejects: a failure to start
 * is an unsuccessful result.
 */
export function runFfmpegWithProgress(opts: {
  ffmpegPath: string
  args: readonly string[]
  onProgress?: (outSeconds: number) => void
  signal?: AbortSignal
}): Promise<FfmpegRunResult> {
  return new Promise((resolve) => {
    const args = [
      '-hide_banner',
      '-nostdin',
      '-nostats',
      '-loglevel',
      'error',
      '-progress',
      'pipe:1',
      ...opts.args,
    ]
    const proc = spawn(opts.ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true })
    let stderr = ''
    let pending = ''
    let aborted = false
    let killTimer: NodeJS.Timeout | null = null
    let settled = false

    const stop = () => {
      aborted = true
      if (proc.exitCode !== null || proc.signalCode !== null) return
      proc.kill('SIGTERM')
      killTimer = setTimeout(() => {
        if (proc.exitCode === null && proc.signalCode === null) proc.kill('SIGKILL')
      }, KILL_GRACE_MS)
      killTimer.unref()
    }
    if (opts.signal?.aborted) stop()
    else opts.signal?.addEventListener('abort', stop, { once: true })

    proc.stdout.setEncoding('utf8')
    proc.stdout.on('data', (chunk: string) => {
      pending += chunk
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        // out_time_us is microseconds (out_time_ms is too, despite its name); N/A before the first packet.
        const match = /^out_time_us=(\d+)/.exec(line)
        if (match) opts.onProgress?.(Number(match[1]) / 1e6)
      }
    })
    proc.stderr.setEncoding('utf8')
    proc.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-STDERR_TAIL_CHARS)
    })

    const finish = (result: Omit<FfmpegRunResult, 'aborted' | 'stderrTail'>) => {
      if (settled) return
      settled = true
      if (killTimer) clearTimeout(killTimer)
      opts.signal?.removeEventListener('abort', stop)
      resolve({ ...result, aborted, stderrTail: stderr.trim() })
    }
    proc.on('error', (err) => {
      stderr += `\n${err.message}`
      finish({ ok: false, code: null, signal: null })
    })
    proc.on('close', (code, signal) => finish({ ok: code === 0 && !aborted, code, signal }))
  })
}
