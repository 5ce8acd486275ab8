import type { LibraryItem, UpdateBookMediaRequest } from '@shelfcast/contracts'
import { useState } from 'react'
import { toast } from '@/lib/toast-store.ts'
import type { PodcastMediaPatch } from '../api.ts'
import { useMediaSave } from './useMediaSave.ts'

export interface MediaFormRules<F> {
  /** The form for the item's media as the server has it. */
  load: (media: LibraryItem['media']) => F
  /** The PATCH body for going from the saved form to the edited one; null when nothing changed. */
  body: (saved: F, form: F) => UpdateBookMediaRequest | PodcastMediaPatch | null
  /** The message refusing to save (shown as a toast), or null. */
  problem: (form: F) => string | null
}

/**
 * A tab's form over the item's media: edits, the form as last saved (what the next save is compared
 * with), and saving through PATCH /api/items/:id/media, reloading the form from the server's answer.
 */
export function useMediaForm<F>(item: LibraryItem, rules: MediaFormRules<F>, onClose?: () => void) {
  const [saved, setSaved] = useState(() => rules.load(item.media))
  const [form, setForm] = useState(saved)
  const media = useMediaSave(item.id, onClose)
  const set = <K extends keyof F>(key: K, value: F[K]) => {
    media.resetError()
    setForm((f) => ({ ...f, [key]: value }))
  }
  const save = async (close = false) => {
    const problem = rules.problem(form)
    if (problem) {
      toast.error(problem)
      return
    }
    const savedItem = await media.save(rules.body(saved, form), close)
    if (!savedItem) return
    const next = rules.load(savedItem.media)
    setSaved(next)
    setForm(next)
  }
  return { form, set, save, pending: media.pending, error: media.error }
}
