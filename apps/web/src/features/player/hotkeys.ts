import { usePlayerStore } from './player-store.ts'
import type { PlayerController } from './player-controller.ts'
import { stepRate, VOLUME_STEP } from './model/player-rules.ts'
import { isTypingTarget } from '@/lib/hotkey-target.ts'
import { useUserSettings } from '@/lib/user-settings.ts'

export interface HotkeyActions {
  openChapters: () => void
  /** Escape: leaves the full-screen view first, else closes the player. */
  close: () => void
}

/** Player hotkeys while a session is open: Space, arrows, M, L, Shift+Up/Down, Escape. */
export function handlePlayerHotkey(
  event: KeyboardEvent,
  controller: PlayerController,
  actions: HotkeyActions,
): boolean {
  if (event.defaultPrevented || event.ctrlKey || event.metaKey || event.altKey) return false
  if (isTypingTarget(event.target)) return false
  if (document.querySelector('[role="dialog"]')) return false
  const { session, volume } = usePlayerStore.getState()
  if (!session) return false
  const settings = useUserSettings.getState().settings
  switch (event.key) {
    case ' ':
      controller.playPause()
      return true
    case 'ArrowRight':
      controller.jumpForward()
      return true
    case 'ArrowLeft':
      controller.jumpBackward()
      return true
    case 'ArrowUp':
      if (event.shiftKey)
        controller.setRate(stepRate(settings.playbackRate, settings.playbackRateIncrementDecrement, 1))
      else controller.setVolume(volume + VOLUME_STEP)
      return true
    case 'ArrowDown':
      if (event.shiftKey)
        controller.setRate(stepRate(settings.playbackRate, settings.playbackRateIncrementDecrement, -1))
      else controller.setVolume(volume - VOLUME_STEP)
      return true
    case 'm':
    case 'M':
      controller.toggleMute()
      return true
    case 'l':
    case 'L':
      actions.openChapters()
      return true
    case 'Escape':
      actions.close()
      return true
    default:
      return false
  }
}
