import type { Logger } from 'pino'
import type { SavedItem } from '../../scanner/scan.repository.ts'
import type { ItemCoverService } from '../item-edit/item-cover.service.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import type { MetadataProviders } from './provider-registry.ts'

/**
 * The scanner setting "Find covers" (as in Audiobookshelf): each book a scan added without a cover gets the
 * first cover the configured cover provider (`scannerCoverProvider`) finds for its title and author. Off by
 * default. One item at a time, so a big first scan does not flood the provider; a failed search or download
 * is logged and the item keeps no cover, never failing the scan.
 */
export class ScanCoverFinder {
  private readonly deps: {
    providers: Pick<MetadataProviders, 'searchCovers'>
    itemCovers: Pick<ItemCoverService, 'setFound'>
    settings: Pick<SettingsService, 'getServerSettings'>
    log: Logger
  }
  constructor(deps: ScanCoverFinder['deps']) {
    this.deps = deps
  }

  async findFor(items: readonly SavedItem[], cancelled: () => boolean = () => false): Promise<void> {
    const { scannerFindCovers, scannerCoverProvider } = await this.deps.settings.getServerSettings()
    if (!scannerFindCovers) return
    for (const item of items) {
      if (cancelled()) return
      const { id, media_type: mediaType, cover_path: coverPath, title, author_name: author } = item.row
      if (mediaType !== 'book' || coverPath || !title.trim()) continue
      try {
        const [first] = await this.deps.providers.searchCovers(scannerCoverProvider, {
          title,
          author: author || null,
        })
        if (first && (await this.deps.itemCovers.setFound(id, first)))
          this.deps.log.info({ item: id, provider: scannerCoverProvider }, 'scanner found a cover')
      } catch (err) {
        this.deps.log.warn({ err, item: id, provider: scannerCoverProvider }, 'scanner cover search failed')
      }
    }
  }
}
