import type { Library, OpmlFeed } from '@shelfcast/contracts'
import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useExportOpml, useParseOpml } from '../add-podcast-api.ts'
import { sanitizeFolderName } from '../model/new-podcast-filename.ts'
import { distinctOpmlFeeds, OPML_FILE_ACCEPT } from '../model/opml-import.ts'
import { OpmlImportModal } from './OpmlImportModal.tsx'

/** Import OPML (file → the server parses it → choose feeds) and Export OPML (the library's podcasts). */
export function OpmlButtons({ library }: { library: Library }) {
  const { t } = useTranslation()
  const fileInput = useRef<HTMLInputElement>(null)
  const parse = useParseOpml()
  const exportOpml = useExportOpml(library.id)
  const [feeds, setFeeds] = useState<OpmlFeed[] | null>(null)

  const onFile = async (input: HTMLInputElement) => {
    const file = input.files?.[0]
    // Cleared, so choosing the same file again is a change too.
    input.value = ''
    if (!file) return
    let opmlText: string
    try {
      opmlText = await file.text()
    } catch {
      return toast.error(t('ToastOpmlReadFailed'))
    }
    parse.mutate(opmlText, {
      onSuccess: (answer) => {
        const found = distinctOpmlFeeds(answer.feeds)
        if (found.length === 0) toast.error(t('ToastOpmlNoFeeds'))
        else setFeeds(found)
      },
      onError: (error) => toast.error(errorMessage(error, t, 'ToastOpmlParseFailed')),
    })
  }

  const onExport = () =>
    exportOpml.mutate(undefined, {
      onSuccess: (text) => saveTextFile(text, `${sanitizeFolderName(library.name) || 'podcasts'}.opml`),
      onError: (error) => toast.error(errorMessage(error, t, 'ToastOpmlExportFailed')),
    })

  return (
    <div className="flex flex-wrap gap-2">
      <input
        ref={fileInput}
        type="file"
        accept={OPML_FILE_ACCEPT}
        className="hidden"
        data-testid="opml-file-input"
        aria-label={t('ButtonImportOpml')}
        onChange={(e) => void onFile(e.currentTarget)}
      />
      <Button variant="secondary" onClick={() => fileInput.current?.click()} loading={parse.isPending}>
        {t('ButtonImportOpml')}
      </Button>
      <Button variant="secondary" onClick={onExport} loading={exportOpml.isPending} data-testid="opml-export">
        {t('ButtonExportOpml')}
      </Button>
      {feeds && <OpmlImportModal library={library} feeds={feeds} onClose={() => setFeeds(null)} />}
    </div>
  )
}

/** Hands text to the browser as a downloaded file. */
function saveTextFile(text: string, filename: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/x-opml' }))
  const link = document.createElement('a')
  link.href = url
  link.download = filename
  link.rel = 'noopener'
  document.body.appendChild(link)
  link.click()
  link.remove()
  // After the click has been handled: revoking at once can cancel the download in some browsers.
  setTimeout(() => URL.revokeObjectURL(url), 10_000)
}
