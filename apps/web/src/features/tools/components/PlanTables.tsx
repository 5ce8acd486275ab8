import type { ReactNode } from 'react'
import type { AudioFile, Chapter } from '@shelfcast/contracts'
import { useTranslation } from 'react-i18next'
import { ProgressBar } from '@/components/ui/index.ts'
import { formatBytes } from '@/lib/format.ts'
import { secondsToTimestamp } from '@/lib/time-format.ts'
import type { MetadataRow } from '../model/tool-plan.ts'

const cell = 'px-3 py-2'
const heading = 'px-3 py-2 text-xs font-semibold tracking-wide text-muted uppercase'

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section className="mt-6" aria-labelledby={id}>
      <h2 id={id} className="mb-2 text-lg font-semibold">
        {title}
      </h2>
      <div
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- a scrolled region: focusable so keyboards can scroll it
        tabIndex={0}
        role="region"
        aria-labelledby={id}
        className="overflow-x-auto rounded-xl border border-border bg-surface"
      >
        {children}
      </div>
    </section>
  )
}

/** The audio files in track order: codec, bitrate, size, duration, and each file's progress during a run. */
export function AudioFilesTable({
  files,
  progress,
}: {
  files: readonly AudioFile[]
  /** ino → 0–100 (track_* events); absent: no progress column. */
  progress?: Record<string, number>
}) {
  const { t } = useTranslation()
  return (
    <Section id="tool-files" title={t('HeaderAudioTracks')}>
      <table className="w-full min-w-[36rem] text-start text-sm" data-testid="tool-files">
        <thead className="border-b border-border">
          <tr>
            <th scope="col" className={heading}>
              #
            </th>
            <th scope="col" className={heading}>
              {t('LabelFilename')}
            </th>
            <th scope="col" className={heading}>
              {t('LabelCodec')}
            </th>
            <th scope="col" className={heading}>
              {t('LabelBitrate')}
            </th>
            <th scope="col" className={heading}>
              {t('LabelSize')}
            </th>
            <th scope="col" className={heading}>
              {t('LabelDuration')}
            </th>
            {progress && (
              <th scope="col" className={heading}>
                {t('LabelProgress')}
              </th>
            )}
          </tr>
        </thead>
        <tbody className="divide-y divide-border">
          {files.map((file, index) => {
            const done = progress?.[file.ino]
            return (
              <tr key={file.ino} data-testid="tool-file-row">
                <td className={`${cell} tabular-nums`}>{index + 1}</td>
                <td className={`${cell} max-w-64 truncate`} title={file.metadata.filename}>
                  {file.metadata.filename}
                </td>
                <td className={cell}>{file.codec ?? ''}</td>
                <td className={`${cell} tabular-nums`}>
                  {file.bitRate ? `${Math.round(file.bitRate / 1000)}k` : ''}
                </td>
                <td className={`${cell} tabular-nums`}>{formatBytes(file.metadata.size)}</td>
                <td className={`${cell} tabular-nums`}>{secondsToTimestamp(file.duration)}</td>
                {progress && (
                  <td className={`${cell} w-32`}>
                    {done !== undefined && (
                      <ProgressBar
                        value={done / 100}
                        finished={done >= 100}
                        label={t('LabelProgress')}
                        className="h-1.5 rounded-full bg-surface-raised"
                      />
                    )}
                  </td>
                )}
              </tr>
            )
          })}
        </tbody>
      </table>
    </Section>
  )
}

/** The chapters the run will write. */
export function ChaptersTable({ chapters }: { chapters: readonly Chapter[] }) {
  const { t } = useTranslation()
  return (
    <Section id="tool-chapters" title={t('HeaderChapters')}>
      {chapters.length === 0 ? (
        <p className="p-3 text-sm text-muted">{t('MessageNoChapters')}</p>
      ) : (
        <table className="w-full text-start text-sm" data-testid="tool-chapters">
          <thead className="border-b border-border">
            <tr>
              <th scope="col" className={heading}>
                {t('LabelStart')}
              </th>
              <th scope="col" className={heading}>
                {t('LabelTitle')}
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-border">
            {chapters.map((chapter) => (
              <tr key={chapter.id} data-testid="tool-chapter-row">
                <td className={`${cell} w-28 tabular-nums`}>{secondsToTimestamp(chapter.start)}</td>
                <td className={cell}>{chapter.title}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}
    </Section>
  )
}

/** The tags the run will write. */
export function MetadataTable({ rows }: { rows: readonly MetadataRow[] }) {
  const { t } = useTranslation()
  return (
    <Section id="tool-metadata" title={t('HeaderMetadataToEmbed')}>
      <table className="w-full text-start text-sm" data-testid="tool-metadata">
        <tbody className="divide-y divide-border">
          {rows.map((row) => (
            <tr key={row.labelKey}>
              <th scope="row" className={`${cell} w-36 align-top font-semibold text-muted`}>
                {t(row.labelKey)}
              </th>
              <td className={cell}>
                <div className="line-clamp-3 break-words">{row.value}</div>
              </td>
            </tr>
          ))}
        </tbody>
      </table>
    </Section>
  )
}
