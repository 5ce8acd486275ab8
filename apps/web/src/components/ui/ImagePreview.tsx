import { useRadixWhenOpen } from './radix-on-demand.ts'

/**
 * The raw cover preview (spec §2 modals): the full-size image over the page, as a dialog (focus inside,
 * page inert); any click or Escape closes it.
 */
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
  const radix = useRadixWhenOpen(true)
  if (!radix) return null
  const { RadixDialog: Dialog } = radix
  return (
    <Dialog.Root open onOpenChange={(open) => !open && onClose()}>
      <Dialog.Portal>
        <Dialog.Overlay className="fixed inset-0 z-[60] bg-black/90" />
        <Dialog.Content
          aria-describedby={undefined}
          data-testid="image-preview"
          onClick={onClose}
          className="fixed inset-0 z-[60] flex cursor-zoom-out items-center justify-center p-4 outline-none animate-toast-in"
        >
          <Dialog.Title className="sr-only">{label}</Dialog.Title>
          <img src={src} alt={alt} className="max-h-full max-w-full object-contain shadow-2xl" />
        </Dialog.Content>
      </Dialog.Portal>
    </Dialog.Root>
  )
}
