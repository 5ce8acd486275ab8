// The shares feature's on-demand chunk: the share modal (opened from the item page) and the public share
// page. Nothing of it is in the first load.
export { ShareModal } from './components/ShareModal.tsx'
export { ShareModals } from './components/ShareModals.tsx'
export { SharePage } from './components/SharePage.tsx'
