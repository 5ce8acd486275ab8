import { useRef, useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, CoverImage, Icon, TextField, coverAspectRatio } from '@/components/ui/index.ts'
import { itemTitle, useItemCoverUrl } from '@/features/browse/index.ts'
import { isApiError } from '@/lib/api/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'
import { useChangeCover, type CoverChange, type EditableItem } from '../api.ts'
import { CoverSearch } from './CoverSearch.tsx'

const COVER_WIDTH = 200

/** The current cover; remove it, or set one from a URL or an uploaded image (upload permission). */
export function CoverTab({ item }: { item: EditableItem }) {
  const { t } = useTranslation()
  const coverUrl = useItemCoverUrl(item, COVER_WIDTH)
  const canUpload = useSessionStore((s) => !!s.user?.permissions.upload)
  const [url, setUrl] = useState('')
  const fileInput = useRef<HTMLInputElement>(null)
  const change = useChangeCover(item.id)

  const run = async (request: CoverChange) => {
    try {
      await change.mutateAsync(request)
      toast.success(t(request.kind === 'remove' ? 'ToastCoverRemoved' : 'ToastCoverUpdated'))
      if (request.kind === 'url') setUrl('')
    } catch (error) {
      console.error('[item-edit] cover change failed', error)
      // A server without the cover routes answers 404 with its generic text: say what is missing.
      if (isApiError(error) && error.status === 404) toast.error(t('ToastCoverNotSupported'))
      else toast.error(`${t('ToastFailedToUpdate')}: ${errorMessage(error, t)}`)
    }
  }

  const setFromUrl = () => {
    const value = url.trim()
    if (!/^https?:\/\/\S+$/i.test(value)) {
      toast.error(t('ToastInvalidImageUrl'))
      return
    }
    void run({ kind: 'url', url: value })
  }

  return (
    <div className="flex flex-col gap-6 sm:flex-row" data-testid="edit-cover">
      <div className="flex shrink-0 flex-col items-center gap-3">
        <CoverImage
          src={coverUrl}
          title={itemTitle(item) ?? t('LabelNoTitle')}
          author={null}
          aspectRatio={coverAspectRatio(item.mediaType === 'podcast')}
          width={COVER_WIDTH}
          invalidLabel={t('LabelInvalidCover')}
          loading="eager"
          className="shadow-lg"
        />
        {item.media.coverPath && (
          <Button
            type="button"
            variant="danger"
            disabled={change.isPending}
            onClick={() => void run({ kind: 'remove' })}
            data-testid="cover-remove"
          >
            <Icon name="trash" className="size-4" />
            {t('ButtonRemoveCover')}
          </Button>
        )}
      </div>
      {canUpload && (
        <div className="flex min-w-0 flex-1 flex-col gap-4">
          <form
            className="flex items-end gap-2"
            onSubmit={(event) => {
              event.preventDefault()
              setFromUrl()
            }}
          >
            <TextField
              className="min-w-0 flex-1"
              label={t('LabelImageUrl')}
              type="url"
              placeholder="https://"
              value={url}
              onChange={(e) => setUrl(e.target.value)}
              data-testid="cover-url"
            />
            <Button
              type="submit"
              loading={change.isPending && change.variables?.kind === 'url'}
              disabled={!url.trim()}
            >
              {t('ButtonSetCover')}
            </Button>
          </form>
          <div>
            <input
              ref={fileInput}
              type="file"
              accept="image/png,image/jpeg,image/webp"
              className="sr-only"
              tabIndex={-1}
              onChange={(e) => {
                const file = e.target.files?.[0]
                e.target.value = ''
                if (file) void run({ kind: 'upload', file })
              }}
              data-testid="cover-file"
            />
            <Button
              type="button"
              variant="secondary"
              loading={change.isPending && change.variables?.kind === 'upload'}
              onClick={() => fileInput.current?.click()}
            >
              <Icon name="upload" className="size-4" />
              {t('ButtonUploadCover')}
            </Button>
          </div>
          <CoverSearch
            title={itemTitle(item) ?? ''}
            author={
              item.media.metadata && 'authorName' in item.media.metadata
                ? String(item.media.metadata.authorName ?? '')
                : ''
            }
            busy={change.isPending}
            onPick={(picked) => void run({ kind: 'url', url: picked })}
          />
        </div>
      )}
    </div>
  )
}
