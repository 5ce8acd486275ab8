import type { PodcastEpisode } from '@shelfcast/contracts'
import { act, render, screen } from '@testing-library/react'
import userEvent from '@testing-library/user-event'
import { I18nextProvider } from 'react-i18next'
import { afterEach, describe, expect, it } from 'vitest'
import { usePlayerStore } from '@/features/player/index.ts'
import { useAddToListModal } from '@/lib/add-to-list-modal.ts'
import { ApiClientProvider } from '@/lib/api/index.ts'
import { i18n } from '@/lib/i18n/index.ts'
import { fakeApiClient, fakeServer } from '@/test/fake-server.ts'
import { EpisodeList } from './EpisodeList.tsx'

const episode: PodcastEpisode = {
  libraryItemId: 'pod1',
  podcastId: 'p1',
  id: 'ep1',
  index: 1,
  season: null,
  episode: '1',
  episodeType: 'full',
  title: 'Pilot',
  subtitle: null,
  description: null,
  enclosure: null,
  guid: null,
  pubDate: null,
  chapters: [],
  audioFile: null,
  publishedAt: null,
  addedAt: 1,
  updatedAt: 1,
  duration: 1800,
  size: 1000,
}

function renderEpisodes() {
  render(
    <I18nextProvider i18n={i18n}>
      <ApiClientProvider client={fakeApiClient(fakeServer({}).fetch)}>
        <EpisodeList
          episodes={[episode]}
          podcast={{ title: 'The Show', libraryId: 'lib2', coverPath: '/covers/show.jpg' }}
        />
      </ApiClientProvider>
    </I18nextProvider>,
  )
  return userEvent.setup()
}

afterEach(() => usePlayerStore.setState(usePlayerStore.getInitialState(), true))

describe('EpisodeList queue toggle', () => {
  it('appears while something else plays and queues the episode under its podcast', async () => {
    const user = renderEpisodes()
    expect(screen.queryByTestId('episode-queue-toggle')).toBeNull()
    act(() => usePlayerStore.setState({ libraryItemId: 'book1', episodeId: null }))
    await user.click(screen.getByRole('button', { name: 'Add to queue' }))
    expect(usePlayerStore.getState().queue).toEqual([
      {
        libraryItemId: 'pod1',
        episodeId: 'ep1',
        title: 'Pilot',
        subtitle: 'The Show',
        caption: null,
        duration: 1800,
        coverPath: '/covers/show.jpg',
        libraryId: 'lib2',
      },
    ])
    const toggle = screen.getByTestId('episode-queue-toggle')
    expect(toggle.getAttribute('aria-pressed')).toBe('true')
    await user.click(screen.getByRole('button', { name: 'Remove from queue' }))
    expect(usePlayerStore.getState().queue).toEqual([])
  })

  it('adds an episode with audio to a playlist through the global modal', async () => {
    const withAudio = { ...episode, audioFile: { ino: '1' } as unknown as PodcastEpisode['audioFile'] }
    render(
      <I18nextProvider i18n={i18n}>
        <ApiClientProvider client={fakeApiClient(fakeServer({}).fetch)}>
          <EpisodeList
            episodes={[episode, { ...withAudio, id: 'ep2' }]}
            podcast={{ title: 'The Show', libraryId: 'lib2', coverPath: null }}
          />
        </ApiClientProvider>
      </I18nextProvider>,
    )
    // Only the episode with audio can be played from a playlist.
    expect(screen.getAllByTestId('episode-add-to-playlist')).toHaveLength(1)
    await userEvent.setup().click(screen.getByRole('button', { name: 'Add to playlist' }))
    expect(useAddToListModal.getState().request).toEqual({
      kind: 'playlist',
      libraryId: 'lib2',
      entries: [{ libraryItemId: 'pod1', episodeId: 'ep2' }],
    })
  })
})
