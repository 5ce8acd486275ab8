import os from 'node:os'
import { Worker } from 'node:worker_threads'
import type { Logger } from 'pino'
import { failedProbe, probeAudioFile, type AudioProbe } from './audio-probe.ts'
import type { ProbeRequest } from './probe-worker.ts'

/** Workers stop after this long without work: their heaps (and the memory tag parsing took) go with them. */
const IDLE_STOP_MS = 5_000
/** Young generation per worker: small, so a fast scan does not grow the process by a big nursery. */
const WORKER_LIMITS = { maxYoungGenerationSizeMb: 8, maxOldGenerationSizeMb: 512 }

interface Pending {
  resolve: (p: AudioProbe) => void
  file: string
  size: number
}

interface PoolWorker {
  worker: Worker
  pending: Map<number, Pending>
}

/**
 * Tag workers by default: one fewer than the CPUs (at most 4) when there are more than two. On a 2-core
 * machine reading in-process is as fast per core and keeps ~25 MB less resident (a worker brings its own
 * TypeScript stripper and modules, and glibc keeps some of what it freed): bench/RESULTS.md.
 */
export function defaultTagWorkers(cpus = os.availableParallelism()): number {
  return cpus > 2 ? Math.min(4, cpus - 1) : 0
}

/**
 * Reads tags in worker threads: the main thread keeps walking, writing and serving requests meanwhile,
 * and the parser's garbage lives and dies in the workers' heaps. Workers start on demand and stop when
 * idle or when a scan ends. With 0 workers, or if a worker cannot start or dies, files are read
 * in-process instead, so a probe always resolves.
 */
export class ProbePool {
  private readonly workers: PoolWorker[] = []
  private readonly size: number
  private readonly ffprobePath: string | null
  private readonly log: Logger
  private nextId = 1
  private next = 0
  private idleTimer: NodeJS.Timeout | null = null
  private disabled = false
  private closed = false

  constructor(opts: { ffprobePath: string | null; log: Logger; workers?: number }) {
    this.ffprobePath = opts.ffprobePath
    this.log = opts.log
    this.size = opts.workers ?? defaultTagWorkers()
    this.disabled = this.size === 0
  }

  private inProcess(file: string, size: number) {
    return probeAudioFile(file, size, { ffprobePath: this.ffprobePath })
  }

  private spawn(): PoolWorker | null {
    try {
      const worker = new Worker(new URL('./probe-worker.ts', import.meta.url), {
        resourceLimits: WORKER_LIMITS,
      })
      const pw: PoolWorker = { worker, pending: new Map() }
      worker.unref()
      worker.on('message', (msg: { id: number; probe: AudioProbe }) => {
        const p = pw.pending.get(msg.id)
        if (!p) return
        pw.pending.delete(msg.id)
        p.resolve(msg.probe)
        this.armIdleStop()
      })
      const fail = (err: unknown) => {
        this.log.warn({ err }, 'tag reader worker stopped; reading in-process')
        this.workers.splice(this.workers.indexOf(pw), 1)
        // What it was reading is read again in-process; a file that crashed a worker gets one more chance.
        for (const p of pw.pending.values())
          void this.inProcess(p.file, p.size).then(p.resolve, () =>
            p.resolve(failedProbe('Unreadable audio file')),
          )
        pw.pending.clear()
      }
      worker.on('error', fail)
      worker.on('exit', (code) => {
        if (pw.pending.size > 0) fail(new Error(`worker exited with code ${code}`))
      })
      return pw
    } catch (err) {
      this.log.warn({ err }, 'tag reader workers unavailable; reading in-process')
      this.disabled = true
      return null
    }
  }

  private pick(): PoolWorker | null {
    if (this.disabled || this.closed) return null
    if (this.workers.length < this.size) {
      const w = this.spawn()
      if (w) this.workers.push(w)
    }
    if (this.workers.length === 0) return null
    const w = this.workers[this.next++ % this.workers.length] ?? null
    return w
  }

  private armIdleStop() {
    if (this.idleTimer) clearTimeout(this.idleTimer)
    this.idleTimer = setTimeout(() => {
      if (this.workers.some((w) => w.pending.size > 0)) return this.armIdleStop()
      void this.stopWorkers()
    }, IDLE_STOP_MS)
    this.idleTimer.unref()
  }

  probe(file: string, size: number): Promise<AudioProbe> {
    const w = this.pick()
    if (!w) return this.inProcess(file, size)
    if (this.idleTimer) clearTimeout(this.idleTimer)
    const id = this.nextId++
    return new Promise<AudioProbe>((resolve) => {
      w.pending.set(id, { resolve, file, size })
      const req: ProbeRequest = { id, file, size, ffprobePath: this.ffprobePath }
      w.worker.postMessage(req)
    })
  }

  /** Stops the workers now if nothing is being read (end of a scan): their memory goes back at once. */
  async release() {
    if (this.workers.some((w) => w.pending.size > 0)) return
    if (this.idleTimer) clearTimeout(this.idleTimer)
    await this.stopWorkers()
  }

  /** Workers running now (tests). */
  get running() {
    return this.workers.length
  }

  private async stopWorkers() {
    const stopping = this.workers.splice(0)
    await Promise.allSettled(stopping.map((w) => w.worker.terminate()))
  }

  async close() {
    this.closed = true
    if (this.idleTimer) clearTimeout(this.idleTimer)
    await this.stopWorkers()
  }
}
