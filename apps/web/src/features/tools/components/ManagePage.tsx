import { isAdminOrUp } from '@shelfcast/contracts/client'
import { useTranslation } from 'react-i18next'
import { Link, Navigate, useParams, useSearchParams } from 'react-router'
import { CoverImage, EmptyPanel, LoadingBox, Tabs } from '@/components/ui/index.ts'
import { ListError, itemAuthor, itemTitle, useItem, useItemCoverUrl } from '@/features/browse/index.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import {
  audioFilesInOrder,
  isSingleM4b,
  refusalOf,
  toolFromQuery,
  type ManageTool,
  type Refusal,
  type ToolBook,
} from '../model/tool-plan.ts'
import { useToolRun } from '../hooks.ts'
import { EmbedPanel } from './EmbedPanel.tsx'
import { EncodePanel } from './EncodePanel.tsx'
import { RunLog, RunStatus } from './RunStatus.tsx'
import { SplitPanel } from './SplitPanel.tsx'

const COVER_WIDTH = 96

const refusalKeys: Record<Refusal, string> = {
  podcast: 'MessageToolsNotForPodcasts',
  missing: 'MessageItemMissing',
  noAudio: 'MessageToolsNoAudio',
}

/** /audiobook/:id/manage?tool=m4b|embed (admin, spec §2): the M4B encoder and metadata embed for one book. */
export function ManagePage() {
  const isAdmin = useSessionStore((s) => !!s.user && isAdminOrUp(s.user.type))
  const { id = '' } = useParams()
  if (!isAdmin) return <Navigate to="/" replace />
  return <Manage key={id} itemId={id} />
}

function Manage({ itemId }: { itemId: string }) {
  const { t } = useTranslation()
  const query = useItem(itemId)
  const [params, setParams] = useSearchParams()
  const tool = toolFromQuery(params.get('tool'))

  if (query.isPending) return <LoadingBox message={t('MessageLoading')} />
  if (query.isError) return <ListError error={query.error} onRetry={() => void query.refetch()} />
  const item = query.data
  const refusal = refusalOf(item)

  return (
    <div className="mx-auto max-w-5xl px-4 py-6 md:px-8" data-testid="manage-page">
      <h1 className="text-2xl font-bold tracking-tight">{t('HeaderManageTools')}</h1>
      <ItemHeader item={item} />
      {refusal || item.mediaType !== 'book' ? (
        <div className="mt-6" data-testid="manage-refused">
          <EmptyPanel icon="issues">{t(refusalKeys[refusal ?? 'podcast'])}</EmptyPanel>
        </div>
      ) : (
        <>
          <Tabs
            label={t('HeaderManageTools')}
            className="mt-6"
            tabs={[
              { id: 'm4b', label: t('LabelToolsM4bEncoder') },
              { id: 'embed', label: t('LabelToolsEmbedMetadata') },
            ]}
            value={tool}
            onChange={(next) => setParams({ tool: next as ManageTool }, { replace: true })}
          />
          <div
            role="tabpanel"
            aria-label={t(tool === 'm4b' ? 'LabelToolsM4bEncoder' : 'LabelToolsEmbedMetadata')}
          >
            {tool === 'embed' ? <EmbedPanel book={item} /> : <M4bTool book={item} />}
          </div>
        </>
      )}
    </div>
  )
}

/** A book of several files gets the encoder; one that is a single M4B already gets the split instead. */
function M4bTool({ book }: { book: ToolBook }) {
  const { t } = useTranslation()
  const encodeRun = useToolRun(book.id, 'encode-m4b')
  if (isSingleM4b(audioFilesInOrder(book)))
    return (
      <>
        {/* The encode that just made this M4B keeps its outcome and log here. */}
        <RunStatus itemId={book.id} run={encodeRun} successKey="MessageM4BFinished" />
        <p className="mt-4 text-sm text-muted" data-testid="encode-already-m4b">
          {t('MessageToolsAlreadyM4b')}
        </p>
        <SplitPanel itemId={book.id} />
        <RunLog run={encodeRun} />
      </>
    )
  return <EncodePanel book={book} />
}

function ItemHeader({ item }: { item: Parameters<typeof refusalOf>[0] }) {
  const { t } = useTranslation()
  const coverUrl = useItemCoverUrl(item, COVER_WIDTH)
  const title = itemTitle(item) ?? t('LabelNoTitle')
  const author = itemAuthor(item)
  return (
    <div className="mt-4 flex items-center gap-4" data-testid="manage-item">
      <CoverImage
        src={coverUrl}
        title={title}
        author={author}
        aspectRatio={1}
        width={COVER_WIDTH}
        invalidLabel={t('LabelInvalidCover')}
        loading="eager"
        className="shrink-0 rounded-md shadow"
      />
      <div className="min-w-0">
        <Link to={`/item/${item.id}`} className="block truncate text-lg font-semibold hover:underline">
          {title}
        </Link>
        {author && <p className="truncate text-sm text-muted">{author}</p>}
      </div>
    </div>
  )
}
