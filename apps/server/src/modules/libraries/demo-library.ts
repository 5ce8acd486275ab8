import fs from 'node:fs'
import path from 'node:path'
import type { Logger } from 'pino'
import type { SettingsRepository } from '../settings/settings.repository.ts'
import type { LibrariesService } from './libraries.service.ts'

const DEMO_REGISTERED_KEY = 'demoLibraryRegistered'

/**
 * On the first start with a generated demo library, registers its `books` and `podcasts` folders
 * as two libraries. Runs once: later starts (or an admin who deleted them) are left alone.
 */
export async function registerDemoLibrary(
  demoPath: string,
  deps: { libraries: LibrariesService; settingsRepo: SettingsRepository; log: Logger },
) {
  if (await deps.settingsRepo.get(DEMO_REGISTERED_KEY)) return
  const books = path.join(demoPath, 'books')
  const podcasts = path.join(demoPath, 'podcasts')
  if (fs.existsSync(books)) {
    await deps.libraries.create({
      name: 'Demo Audiobooks',
      folders: [{ fullPath: books }],
      mediaType: 'book',
      icon: 'audiobookshelf',
      provider: 'google',
    })
  }
  if (fs.existsSync(podcasts)) {
    await deps.libraries.create({
      name: 'Demo Podcasts',
      folders: [{ fullPath: podcasts }],
      mediaType: 'podcast',
      icon: 'podcast',
      provider: 'itunes',
    })
  }
  await deps.settingsRepo.set(DEMO_REGISTERED_KEY, String(Date.now()))
  deps.log.info({ demoPath }, 'demo library registered')
}
