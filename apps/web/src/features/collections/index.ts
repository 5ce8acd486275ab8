export { collectionKeys, playlistKeys } from './api.ts'
export { registerCollectionSocketHandlers } from './socket-handlers.ts'
