/** Placeholder until this page lands in this session (issue #6). */
export function LatestEpisodesPage() {
  return null
}
