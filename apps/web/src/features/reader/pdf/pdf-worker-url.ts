// Our own copy of pdf.js's worker, emitted by Vite as a fingerprinted asset next to the app: never a CDN
// (CSP worker-src 'self'). A module of its own so tests, which never start the worker, can stand it in.
import workerUrl from 'pdfjs-dist/build/pdf.worker.min.mjs?url'

export const pdfWorkerUrl: string = workerUrl
