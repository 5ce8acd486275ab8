import { parentPort } from 'node:worker_threads'
import { probeAudioFile } from './audio-probe.ts'

/** A probe request from the pool; the answer carries the same id. */
export interface ProbeRequest {
  id: number
  file: string
  size: number
  ffprobePath: string | null
}

// Runs in a worker thread: tag parsing allocates heavily, and a worker's heap is given back whole when the
// pool stops it after a scan, instead of staying with the server.
parentPort?.on('message', (req: ProbeRequest) => {
  void probeAudioFile(req.file, req.size, { ffprobePath: req.ffprobePath }).then((probe) =>
    parentPort?.postMessage({ id: req.id, probe }),
  )
})
