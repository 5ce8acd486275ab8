import { useEffect } from 'react'
import { createPortal } from 'react-dom'

/** The raw cover preview (spec §2 modals): the full-size image over the page; any click or Escape closes it. */
export function ImagePreview({
  src,
  alt,
  onClose,
  label,
}: {
  src: string
  alt: string
  onClose: () => void
  /** Accessible name of the preview (e.g. "Cover preview"). */
  label: string
}) {
  useEffect(() => {
    const onKeyDown = (event: KeyboardEvent) => {
      if (event.key === 'Escape') onClose()
    }
    document.addEventListener('keydown', onKeyDown)
    const overflow = document.body.style.overflow
    document.body.style.overflow = 'hidden'
    return () => {
      document.removeEventListener('keydown', onKeyDown)
      document.body.style.overflow = overflow
    }
  }, [onClose])

  return createPortal(
    // eslint-disable-next-line jsx-a11y/click-events-have-key-events, jsx-a11y/no-noninteractive-element-interactions -- a click anywhere closes the preview; Escape does by keyboard
    <div
      role="dialog"
      aria-modal="true"
      aria-label={label}
      data-testid="image-preview"
      onClick={onClose}
      className="fixed inset-0 z-[60] flex cursor-zoom-out items-center justify-center bg-black/90 p-4 animate-toast-in"
    >
      <img src={src} alt={alt} className="max-h-full max-w-full object-contain shadow-2xl" />
    </div>,
    document.body,
  )
}
