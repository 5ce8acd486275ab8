import { spawn } from 'node:child_process'

/**
 * Runs ffmpeg (its arguments must include `-progress pipe:1`), reporting the percentage of `duration` seconds
 * written as it goes; rejects with the last stderr lines on failure, and kills it past `timeoutMs`.
 */
export function runFfmpegWithProgress(
  ffmpegPath: string,
  args: string[],
  duration: number,
  timeoutMs: number,
  onProgress: (percent: number) => void,
): Promise<void> {
  return new Promise((resolve, reject) => {
    const child = spawn(ffmpegPath, args, { stdio: ['ignore', 'pipe', 'pipe'], windowsHide: true })
    let stderr = ''
    let pending = ''
    const timer = setTimeout(() => child.kill('SIGKILL'), timeoutMs)
    child.stdout.setEncoding('utf8')
    child.stdout.on('data', (chunk: string) => {
      pending += chunk
      const lines = pending.split('\n')
      pending = lines.pop() ?? ''
      for (const line of lines) {
        const m = /^out_time_us=(\d+)/.exec(line)
        if (m && duration > 0) onProgress(Math.min(99, (Number(m[1]) / 1e6 / duration) * 100))
      }
    })
    child.stderr.setEncoding('utf8')
    child.stderr.on('data', (chunk: string) => {
      stderr = (stderr + chunk).slice(-4000)
    })
    child.on('error', (err) => {
      clearTimeout(timer)
      reject(err)
    })
    child.on('close', (code, signal) => {
      clearTimeout(timer)
      if (code === 0) resolve()
      else
        reject(new Error(`ffmpeg exited ${signal ?? code}: ${stderr.trim().split('\n').slice(-3).join(' ')}`))
    })
  })
}
