import { z } from 'zod'

// Zod compiles object parsers with `new Function` when it may; merely probing for that is an eval the
// server's Content-Security-Policy refuses (and reports). Imported first by main.tsx, before any parse.
z.config({ jitless: true })
