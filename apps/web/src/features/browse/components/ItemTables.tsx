import type { AudioFile, Chapter, EbookFile, LibraryFile } from '@shelfcast/contracts'
import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { formatBytes } from '@/lib/format.ts'
import { secondsToTimestamp } from '@/lib/time-format.ts'

/** A titled, horizontally scrollable table of the item page. */
export function DataTable({
  title,
  count,
  head,
  children,
  testId,
}: {
  title: string
  count: number
  head: ReactNode
  children: ReactNode
  testId: string
}) {
  return (
    <section className="mt-8" aria-label={title} data-testid={testId}>
      <h2 className="mb-3 flex items-center gap-2 text-lg font-semibold">
        {title}
        <span className="rounded-full bg-surface-raised px-2 py-0.5 text-xs font-semibold text-muted">
          {count}
        </span>
      </h2>
      <div
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- scrolls sideways on phones: focusable so keyboards can scroll it
        tabIndex={0}
        role="region"
        aria-label={title}
        className="relative overflow-x-auto rounded-2xl border border-border bg-surface"
      >
        <table className="w-full text-start text-sm">
          <thead className="bg-surface-raised text-xs tracking-wide text-muted uppercase">{head}</thead>
          <tbody className="divide-y divide-border">{children}</tbody>
        </table>
      </div>
    </section>
  )
}

const th = 'px-4 py-2.5 font-semibold whitespace-nowrap'
const td = 'px-4 py-2'

export function ChaptersTable({ chapters }: { chapters: readonly Chapter[] }) {
  const { t } = useTranslation()
  return (
    <DataTable
      testId="chapters-table"
      title={t('HeaderChapters')}
      count={chapters.length}
      head={
        <tr>
          <th className={`${th} w-12`}>#</th>
          <th className={th}>{t('LabelTitle')}</th>
          <th className={`${th} text-end`}>{t('LabelStart')}</th>
          <th className={`${th} text-end`}>{t('LabelDuration')}</th>
        </tr>
      }
    >
      {chapters.map((chapter, index) => (
        <tr key={`${chapter.id}-${index}`}>
          <td className={`${td} text-muted tabular-nums`}>{index + 1}</td>
          <td className={td}>{chapter.title}</td>
          <td className={`${td} text-end font-mono text-xs tabular-nums`}>
            {secondsToTimestamp(chapter.start)}
          </td>
          <td className={`${td} text-end font-mono text-xs tabular-nums`}>
            {secondsToTimestamp(chapter.end - chapter.start)}
          </td>
        </tr>
      ))}
    </DataTable>
  )
}

export function TracksTable({ files }: { files: readonly AudioFile[] }) {
  const { t } = useTranslation()
  const tracks = files.filter((f) => !f.exclude).sort((a, b) => a.index - b.index)
  return (
    <DataTable
      testId="tracks-table"
      title={t('HeaderAudioTracks')}
      count={tracks.length}
      head={
        <tr>
          <th className={`${th} w-12`}>#</th>
          <th className={th}>{t('LabelFilename')}</th>
          <th className={th}>{t('LabelCodec')}</th>
          <th className={`${th} text-end`}>{t('LabelBitrate')}</th>
          <th className={`${th} text-end`}>{t('LabelSize')}</th>
          <th className={`${th} text-end`}>{t('LabelDuration')}</th>
        </tr>
      }
    >
      {tracks.map((file) => (
        <tr key={file.ino}>
          <td className={`${td} text-muted tabular-nums`}>{file.index}</td>
          <td className={`${td} break-all`}>{file.metadata.filename}</td>
          <td className={`${td} text-muted`}>{file.codec ?? file.format}</td>
          <td className={`${td} text-end text-muted tabular-nums`}>
            {file.bitRate ? t('LabelKbps', { kbps: Math.round(file.bitRate / 1000) }) : '—'}
          </td>
          <td className={`${td} text-end tabular-nums`}>{formatBytes(file.metadata.size)}</td>
          <td className={`${td} text-end font-mono text-xs tabular-nums`}>
            {secondsToTimestamp(file.duration)}
          </td>
        </tr>
      ))}
    </DataTable>
  )
}

const fileTypeKeys: Record<LibraryFile['fileType'], string> = {
  audio: 'LabelFileTypeAudio',
  ebook: 'LabelFileTypeEbook',
  image: 'LabelFileTypeImage',
  info: 'LabelFileTypeInfo',
  text: 'LabelFileTypeText',
  metadata: 'LabelFileTypeMetadata',
  unknown: 'LabelFileTypeUnknown',
}

export function LibraryFilesTable({
  files,
  fileAction,
}: {
  files: readonly LibraryFile[]
  /** A last cell per file (the edit modal's download link). */
  fileAction?: (file: LibraryFile) => ReactNode
}) {
  const { t } = useTranslation()
  const sorted = [...files].sort((a, b) => a.metadata.relPath.localeCompare(b.metadata.relPath))
  return (
    <DataTable
      testId="library-files-table"
      title={t('HeaderLibraryFiles')}
      count={files.length}
      head={
        <tr>
          <th className={th}>{t('LabelPath')}</th>
          <th className={th}>{t('LabelType')}</th>
          <th className={`${th} text-end`}>{t('LabelSize')}</th>
          {fileAction && (
            <th className={th}>
              <span className="sr-only">{t('LabelActions')}</span>
            </th>
          )}
        </tr>
      }
    >
      {sorted.map((file) => (
        <tr key={file.ino}>
          <td className={`${td} font-mono text-xs break-all`}>{file.metadata.relPath}</td>
          <td className={`${td} text-muted`}>
            {t(fileTypeKeys[file.fileType])}
            {file.isSupplementary && ` · ${t('LabelSupplementary')}`}
          </td>
          <td className={`${td} text-end tabular-nums`}>{formatBytes(file.metadata.size)}</td>
          {fileAction && <td className={`${td} text-end`}>{fileAction(file)}</td>}
        </tr>
      ))}
    </DataTable>
  )
}

export function EbookFileCard({ file }: { file: EbookFile }) {
  const { t } = useTranslation()
  return (
    <section className="mt-8" aria-label={t('HeaderEbookFile')} data-testid="ebook-file">
      <h2 className="mb-3 text-lg font-semibold">{t('HeaderEbookFile')}</h2>
      <div className="flex flex-wrap items-center gap-x-6 gap-y-1 rounded-2xl border border-border bg-surface px-4 py-3 text-sm">
        <span className="font-mono text-xs break-all">{file.metadata.filename}</span>
        <span className="rounded bg-surface-raised px-1.5 py-0.5 text-xs font-semibold uppercase">
          {file.ebookFormat}
        </span>
        <span className="text-muted tabular-nums">{formatBytes(file.metadata.size)}</span>
      </div>
    </section>
  )
}
