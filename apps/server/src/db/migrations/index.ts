import type { Migration } from '../migrate.ts'
import { migration0001 } from './0001-initial.ts'
import { migration0002 } from './0002-library-items.ts'
import { migration0003 } from './0003-playback.ts'
import { migration0004 } from './0004-listing-indexes.ts'
import { migration0005 } from './0005-library-content-version.ts'
import { migration0006 } from './0006-item-filter-columns.ts'
import { migration0007 } from './0007-library-last-scan.ts'
import { migration0008 } from './0008-collections-playlists.ts'
import { migration0009 } from './0009-custom-metadata-providers.ts'
import { migration0010 } from './0010-items-by-id-columns.ts'
import { migration0011 } from './0011-item-invalid-reason.ts'
import { migration0012 } from './0012-username-key.ts'
import { migration0013 } from './0013-items-by-media-type.ts'
import { migration0014 } from './0014-library-last-scan-version.ts'
import { migration0015 } from './0015-sanitize-descriptions.ts'
import { migration0016 } from './0016-sanitize-list-descriptions.ts'
import { migration0017 } from './0017-shares.ts'
import { migration0018 } from './0018-feeds.ts'
import { migration0019 } from './0019-openid-sub.ts'
import { migration0020 } from './0020-listening-rollup.ts'
import { migration0021 } from './0021-item-file-choices.ts'

/** Every migration, in order. A new one gets the next number and a test beside it. */
export const migrations: readonly Migration[] = [
  migration0001,
  migration0002,
  migration0003,
  migration0004,
  migration0005,
  migration0006,
  migration0007,
  migration0008,
  migration0009,
  migration0010,
  migration0011,
  migration0012,
  migration0013,
  migration0014,
  migration0015,
  migration0016,
  migration0017,
  migration0018,
  migration0019,
  migration0020,
  migration0021,
]
