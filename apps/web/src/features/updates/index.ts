// The version label (side rail, phone navigation) and the update notice: both on the first load.
export { VersionLabel } from './components/VersionLabel.tsx'
export { UpdateNotifier } from './components/UpdateNotifier.tsx'
