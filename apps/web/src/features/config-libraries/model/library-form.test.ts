import { describe, expect, it } from 'vitest'
import { libraryFixture } from '@/test/fixtures.ts'
import {
  addFolder,
  draftFromLibrary,
  newLibraryDraft,
  removeFolder,
  toCreateRequest,
  toUpdateRequest,
  validateLibraryDraft,
  withMediaType,
} from './library-form.ts'

describe('library form', () => {
  it('needs a name and at least one path (spec §5 messages)', () => {
    expect(validateLibraryDraft(newLibraryDraft())).toEqual({
      name: 'ToastNameRequired',
      folders: 'ToastMustHaveAtLeastOnePath',
    })
    const ok = addFolder({ ...newLibraryDraft(), name: 'Books' }, '/media/books')
    expect(validateLibraryDraft(ok)).toEqual({})
  })

  it('refuses a schedule that is not a 5-field expression, or a weekly one without days', () => {
    const draft = addFolder({ ...newLibraryDraft(), name: 'B' }, '/m')
    expect(
      validateLibraryDraft({ ...draft, schedule: { kind: 'custom', expression: '0 * * *' } }).schedule,
    ).toBe('MessageCronFiveFields')
    expect(
      validateLibraryDraft({ ...draft, schedule: { kind: 'weekly', hour: 1, minute: 0, weekdays: [] } })
        .schedule,
    ).toBe('MessageCronSelectWeekday')
  })

  it('folders are trimmed, kept once and removable', () => {
    let draft = addFolder(newLibraryDraft(), '  /media/books/ ')
    draft = addFolder(draft, '/media/books')
    draft = addFolder(draft, '   ')
    expect(draft.folders).toEqual([{ fullPath: '/media/books' }])
    expect(removeFolder(draft, '/media/books').folders).toEqual([])
  })

  it('a podcast library gets podcast defaults', () => {
    const draft = withMediaType({ ...newLibraryDraft(), name: 'Pods' }, 'podcast')
    expect(draft.icon).toBe('podcast')
    expect(draft.settings.coverAspectRatio).toBe(1)
    expect(toCreateRequest(addFolder(draft, '/p'))).toMatchObject({
      name: 'Pods',
      mediaType: 'podcast',
      provider: 'itunes',
      folders: [{ fullPath: '/p' }],
    })
  })

  it('creates with the schedule written as cron', () => {
    const draft = addFolder({ ...newLibraryDraft(), name: ' Books ' }, '/b')
    const body = toCreateRequest({ ...draft, schedule: { kind: 'daily', hour: 3, minute: 15 } })
    expect(body.name).toBe('Books')
    expect(body.settings?.autoScanCronExpression).toBe('15 3 * * *')
  })

  it('updates send only what changed', () => {
    const library = libraryFixture('lib1')
    const draft = draftFromLibrary(library)
    expect(toUpdateRequest(library, draft)).toEqual({})

    const changed = addFolder(
      {
        ...draft,
        name: 'Renamed',
        icon: 'star',
        settings: { ...draft.settings, audiobooksOnly: true },
        schedule: { kind: 'preset', expression: '0 */6 * * *' },
      },
      '/media/more',
    )
    expect(toUpdateRequest(library, changed)).toEqual({
      name: 'Renamed',
      icon: 'star',
      folders: [{ id: 'lib1-f', fullPath: '/media/lib1' }, { fullPath: '/media/more' }],
      settings: { audiobooksOnly: true, autoScanCronExpression: '0 */6 * * *' },
    })
  })
})
