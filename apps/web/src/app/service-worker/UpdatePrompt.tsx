import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '../../components/ui/index.ts'
import { useAppUpdateStore } from './update-store.ts'

/** The banner offering a new version once its service worker has installed: Reload switches, Later hides. */
export function UpdatePrompt() {
  const { t } = useTranslation()
  const pending = useAppUpdateStore((s) => s.pending)
  const dismiss = useAppUpdateStore((s) => s.dismiss)
  const [applying, setApplying] = useState(false)
  if (!pending) return null

  return (
    <div className="pointer-events-none fixed inset-x-0 top-0 z-[60] flex justify-center px-2 pt-[max(0.5rem,env(safe-area-inset-top))]">
      <div
        role="status"
        data-testid="update-prompt"
        className="pointer-events-auto flex w-full max-w-md flex-wrap items-center gap-x-3 gap-y-2 rounded-xl border border-border border-s-4 border-s-info bg-surface-raised px-4 py-3 shadow-xl"
      >
        <p className="min-w-0 flex-1 basis-48 text-sm text-fg">{t('MessageNewVersionReady')}</p>
        <div className="ms-auto flex gap-2">
          <Button variant="ghost" className="h-9" onClick={dismiss} disabled={applying}>
            {t('ButtonLater')}
          </Button>
          <Button
            className="h-9"
            loading={applying}
            onClick={() => {
              setApplying(true)
              pending.apply()
            }}
          >
            {t('ButtonReload')}
          </Button>
        </div>
      </div>
    </div>
  )
}
