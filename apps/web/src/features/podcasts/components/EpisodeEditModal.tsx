import type { PodcastEpisode } from '@shelfcast/contracts'
import { isAdminOrUp } from '@shelfcast/contracts/client'
import { useQueryClient } from '@tanstack/react-query'
import { useEffect, useRef, useState, type ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, Modal, Tabs } from '@/components/ui/index.ts'
import { useApiClient } from '@/lib/api/index.ts'
import { closeEpisodeEdit, openEpisodeEdit, useEpisodeModals, type EpisodeRef } from '@/lib/episode-modals.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { inlineArrowStep } from '@/lib/inline-arrow.ts'
import { useSessionStore } from '@/lib/session-store.ts'
import { toast } from '@/lib/toast-store.ts'
import { episodeQueryOptions, useEpisode } from '../episode-api.ts'
import { episodeToForm, neighbourIds, type EpisodeForm } from '../model/episode-form.ts'
import { EpisodeDetailsForm } from './episode-edit-details.tsx'
import { EpisodeMatchPanel } from './episode-edit-match.tsx'

type EditTab = 'details' | 'match'

/** Keys that belong to fields and buttons, never to the modal's stepping (spec §9 hotkeys). */
const ignoredTags = new Set(['INPUT', 'SELECT', 'TEXTAREA', 'BUTTON'])

/**
 * The podcast episode edit modal (spec §2, 800 wide): details and match tabs, and arrows (buttons, or
 * Left/Right outside fields) through the episodes in the table's current order. Each step reads the next
 * episode first: a failure keeps the current one with the server's message or 'Failed to fetch book or
 * episode'; a failure to read the first one is logged and closes the modal (spec §8).
 */
export function EpisodeEditModal({ target }: { target: EpisodeRef }) {
  const { t } = useTranslation()
  const api = useApiClient()
  const queryClient = useQueryClient()
  const query = useEpisode(target.libraryItemId, target.episodeId)
  const order = useEpisodeModals((s) => s.episodeTableEpisodeIds)
  const { previous, next } = neighbourIds(order, target.episodeId)
  const [stepping, setStepping] = useState(false)
  const panelRef = useRef<HTMLDivElement>(null)
  const failedFirstRead = query.isError && !query.data

  // A later refetch failing keeps what is shown; only a first read that fails closes the modal.
  useEffect(() => {
    if (!failedFirstRead) return
    console.error('[episodes] could not load episode', query.error)
    closeEpisodeEdit()
  }, [failedFirstRead, query.error])

  const step = async (episodeId: string | null) => {
    if (!episodeId || stepping) return
    setStepping(true)
    try {
      await queryClient.fetchQuery(episodeQueryOptions(api, target.libraryItemId, episodeId))
      openEpisodeEdit({ libraryItemId: target.libraryItemId, episodeId })
    } catch (error) {
      console.error('[episodes] could not load episode', error)
      toast.error(errorMessage(error, t, 'ToastFailedToFetchBookOrEpisode'))
    } finally {
      setStepping(false)
    }
  }
  const stepRef = useRef(step)
  useEffect(() => {
    stepRef.current = step
  })

  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      if (event.defaultPrevented || event.altKey || event.ctrlKey || event.metaKey || event.shiftKey) return
      if (event.key !== 'ArrowLeft' && event.key !== 'ArrowRight') return
      const element = event.target as HTMLElement | null
      if (element && (ignoredTags.has(element.tagName) || element.isContentEditable)) return
      // Only while this modal is the top one.
      const dialogs = document.querySelectorAll('[role="dialog"]')
      if (dialogs[dialogs.length - 1] !== panelRef.current?.closest('[role="dialog"]')) return
      // The arrows step the way the previous / next buttons are drawn (mirrored right to left).
      const to = inlineArrowStep(event.key, element ?? document.documentElement) < 0 ? previous : next
      if (!to) return
      event.preventDefault()
      void stepRef.current(to)
    }
    window.addEventListener('keydown', onKey)
    return () => window.removeEventListener('keydown', onKey)
  }, [previous, next])

  const episode = query.data
  return (
    <Modal
      open
      onClose={closeEpisodeEdit}
      title={episode?.title ?? t('MessageLoading')}
      closeLabel={t('ButtonClose')}
      width={800}
      testId="episode-edit-modal"
      className="max-h-[calc(100dvh-6rem)]"
    >
      <div ref={panelRef}>
        {episode ? (
          <EditBody
            key={episode.id}
            episode={episode}
            stepper={
              <div className="ms-auto flex shrink-0 gap-1">
                <StepButton
                  label={t('ButtonPreviousEpisode')}
                  icon="chevronLeft"
                  disabled={!previous || stepping}
                  onClick={() => void step(previous)}
                  testId="episode-edit-previous"
                />
                <StepButton
                  label={t('ButtonNextEpisode')}
                  icon="chevronRight"
                  disabled={!next || stepping}
                  onClick={() => void step(next)}
                  testId="episode-edit-next"
                />
              </div>
            }
          />
        ) : (
          <div className="h-40 animate-pulse rounded-xl bg-surface-raised/60" />
        )}
      </div>
    </Modal>
  )
}

/** The tabs of one episode: the form lives here so a match fills the details tab. */
function EditBody({ episode, stepper }: { episode: PodcastEpisode; stepper: ReactNode }) {
  const { t } = useTranslation()
  const isAdmin = useSessionStore((s) => !!s.user && isAdminOrUp(s.user.type))
  const [tab, setTab] = useState<EditTab>('details')
  const [form, setForm] = useState<EpisodeForm>(() => episodeToForm(episode))
  const tabs: EditTab[] = isAdmin ? ['details', 'match'] : ['details']
  return (
    <>
      <div className="-mt-2 mb-4 flex items-center gap-2">
        <Tabs
          className="min-w-0 flex-1"
          label={t('LabelEditSections')}
          tabs={tabs.map((id) => ({ id, label: t(id === 'details' ? 'HeaderDetails' : 'HeaderMatch') }))}
          value={tab}
          onChange={(id) => setTab(id as EditTab)}
        />
        {stepper}
      </div>
      {tab === 'details' ? (
        <EpisodeDetailsForm episode={episode} form={form} onChange={setForm} />
      ) : (
        <EpisodeMatchPanel
          episode={episode}
          onPick={(next) => {
            setForm(next(form))
            setTab('details')
            toast.info(t('ToastEpisodeMatchApplied'))
          }}
        />
      )}
    </>
  )
}

function StepButton({
  label,
  icon,
  disabled,
  onClick,
  testId,
}: {
  label: string
  icon: 'chevronLeft' | 'chevronRight'
  disabled: boolean
  onClick: () => void
  testId: string
}) {
  return (
    <button
      type="button"
      onClick={onClick}
      disabled={disabled}
      aria-label={label}
      title={label}
      className="rounded-lg p-1.5 text-muted transition hover:bg-surface-raised hover:text-fg disabled:opacity-30"
      data-testid={testId}
    >
      <Icon name={icon} className="size-5" />
    </button>
  )
}
