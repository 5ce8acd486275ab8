// The version label (side rail, phone navigation): on the first load; the update check loads on demand.
export { VersionLabel } from './components/VersionLabel.tsx'
