import type { LibraryItem, UpdateBookMediaRequest } from '@shelfcast/contracts'
import { useState } from 'react'
import { toast } from '@/lib/toast-store.ts'
import type { PodcastMediaPatch } from '../api.ts'
import { useMediaSave } from './useMediaSave.ts'

export interface MediaFormRules<M, F> {
  /** The form for the item's media as the server has it. */
  load: (media: M) => F
  /** The PATCH body for going from the saved form to the edited one; null when nothing changed. */
  body: (saved: F, form: F) => UpdateBookMediaRequest | PodcastMediaPatch | null
  /** The message refusing to save (shown as a toast), or null. */
  problem: (form: F) => string | null
}

/**
 * A tab's form over the item's media: edits, the form as last saved (what the next save is compared
 * with), and saving through PATCH /api/items/:id/media, reloading the form from the server's answer.
 */
export function useMediaForm<I extends LibraryItem, F>(
  item: I,
  rules: MediaFormRules<I['media'], F>,
  onClose?: () => void,
) {
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
    if (!savedItem || !isSameKind(item, savedItem)) return
    const next = rules.load(savedItem.media)
    setSaved(next)
    setForm(next)
  }
  return { form, set, save, pending: media.pending, error: media.error }
}

/** Whether the server's answer is still the kind of item the form edits (a book stays a book). */
function isSameKind<I extends LibraryItem>(item: I, saved: LibraryItem): saved is I {
  return saved.mediaType === item.mediaType
}
