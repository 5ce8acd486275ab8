// The shares feature's public face in the first load: only what the /share/:slug route needs before its page
// arrives (the modal and the page are in on-demand.ts).
export { PrefetchPublicShare } from './components/PrefetchPublicShare.tsx'
