// The backups feature's public face (first load): only the socket handlers; the page loads through on-demand.ts.
export { registerBackupSocketHandlers } from './backup-applied.ts'
