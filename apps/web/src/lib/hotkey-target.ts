const typingTags = new Set(['INPUT', 'SELECT', 'BUTTON', 'TEXTAREA'])

/** Spec §9: hotkeys (player, reader, modals) are ignored when focus is in an input, select, button, textarea or editor. */
export function isTypingTarget(target: EventTarget | null): boolean {
  if (!(target instanceof HTMLElement)) return false
  return typingTags.has(target.tagName) || target.isContentEditable
}
