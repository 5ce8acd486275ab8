// What other features use statically (the selection bar's quick embed); the page loads from on-demand.ts.
export { batchEmbedMetadata } from './batch-embed.ts'
