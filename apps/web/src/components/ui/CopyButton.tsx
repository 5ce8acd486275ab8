import { useEffect, useRef, useState } from 'react'
import { Button } from './Button.tsx'
import { Icon } from './Icon.tsx'

/** Copies text to the clipboard; falls back to a hidden textarea where the Clipboard API is missing. */
export async function copyToClipboard(text: string): Promise<boolean> {
  try {
    if (navigator.clipboard?.writeText) {
      await navigator.clipboard.writeText(text)
      return true
    }
  } catch {
    // Permission refused or not a secure context: try the old way.
  }
  const area = document.createElement('textarea')
  area.value = text
  area.setAttribute('readonly', '')
  area.style.position = 'fixed'
  area.style.opacity = '0'
  document.body.append(area)
  area.select()
  try {
    return document.execCommand('copy')
  } catch {
    return false
  } finally {
    area.remove()
  }
}

export interface CopyButtonProps {
  text: string
  label: string
  /** Shown instead of the label for `copiedMs` after a successful copy (spec: 2 s). */
  copiedLabel: string
  copiedMs?: number
  onError?: () => void
  className?: string
}

/** A copy button with the spec's "Copied" indicator. */
export function CopyButton({
  text,
  label,
  copiedLabel,
  copiedMs = 2000,
  onError,
  className,
}: CopyButtonProps) {
  const [copied, setCopied] = useState(false)
  const timer = useRef<ReturnType<typeof setTimeout>>(undefined)
  useEffect(() => () => clearTimeout(timer.current), [])

  const copy = async () => {
    if (await copyToClipboard(text)) {
      setCopied(true)
      clearTimeout(timer.current)
      timer.current = setTimeout(() => setCopied(false), copiedMs)
    } else {
      onError?.()
    }
  }

  return (
    <Button variant="secondary" onClick={() => void copy()} className={className} aria-live="polite">
      <Icon name={copied ? 'check' : 'copy'} className="size-4" />
      {copied ? copiedLabel : label}
    </Button>
  )
}
