import { useTranslation } from 'react-i18next'
import { IconButton } from '@/components/ui/index.ts'

interface ReaderTopBarProps {
  title: string
  author: string | null
  /** Table of contents and settings: books drawn by foliate-js (EPUB, MOBI). */
  showBookTools: boolean
  /** Comics show no title (spec §2). */
  showTitle: boolean
  tocOpen: boolean
  onToggleToc(): void
  onOpenSettings(): void
  onClose(): void
}

/**
 * Spec §2 reader top bar: table of contents and settings (EPUB only), the title with its author (the author
 * hidden on small screens, the title hidden for comics), close.
 */
export function ReaderTopBar(props: ReaderTopBarProps) {
  const { t } = useTranslation()
  return (
    <header className="flex h-14 shrink-0 items-center gap-1 border-b border-border/60 px-2 pt-[env(safe-area-inset-top)] sm:px-4">
      {props.showBookTools && (
        <>
          <IconButton
            icon="queue"
            label={t('HeaderTableOfContents')}
            aria-expanded={props.tocOpen}
            onClick={props.onToggleToc}
            data-testid="reader-toc-button"
          />
          <IconButton
            icon="settings"
            label={t('HeaderEreaderSettings')}
            onClick={props.onOpenSettings}
            data-testid="reader-settings-button"
          />
        </>
      )}
      <h2 className="min-w-0 flex-1 truncate px-2 text-center text-sm" data-testid="reader-title">
        {props.showTitle && (
          <>
            <span className="font-semibold">{props.title}</span>
            {props.author && <span className="hidden text-muted sm:inline"> · {props.author}</span>}
          </>
        )}
      </h2>
      <IconButton icon="close" label={t('ButtonClose')} onClick={props.onClose} data-testid="reader-close" />
    </header>
  )
}
