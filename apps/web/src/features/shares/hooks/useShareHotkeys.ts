import { useEffect } from 'react'

/** What the keys drive. */
export interface ShareHotkeyTarget {
  togglePlay: () => void
  jump: (seconds: number) => void
}

/** Where a key belongs to the control under it: typing, a list box, the seek slider's own arrows. */
function keyBelongsToTarget(target: EventTarget | null, key: string): boolean {
  if (!(target instanceof Element)) return false
  if (target.closest('input, select, textarea, [contenteditable="true"]')) return true
  // Space presses the focused button or follows the focused link itself.
  return key === ' ' && !!target.closest('button, a')
}

/** The share page's keys: Space plays or pauses, Left and Right jump back and forward. */
export function useShareHotkeys(player: ShareHotkeyTarget | null, jumpSeconds: number): void {
  useEffect(() => {
    if (!player) return
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey) return
      if (keyBelongsToTarget(event.target, event.key)) return
      if (event.key === ' ') player.togglePlay()
      else if (event.key === 'ArrowLeft') player.jump(-jumpSeconds)
      else if (event.key === 'ArrowRight') player.jump(jumpSeconds)
      else return
      event.preventDefault()
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [player, jumpSeconds])
}
