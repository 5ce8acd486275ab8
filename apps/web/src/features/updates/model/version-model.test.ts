import type { Release } from '@shelfcast/contracts'
import { describe, expect, it } from 'vitest'
import {
  computeVersionData,
  isVersionDataFresh,
  parseVersion,
  readStoredVersionData,
  shouldNotifyUpdate,
  versionCheckIntervalMs,
  versionTotal,
} from './version-model.ts'

function release(version: string, extra: Partial<Release> = {}): Release {
  const [core = '', pre] = version.split('-', 2)
  const [major, minor, patch] = core.split('.').map(Number) as [number, number, number]
  return {
    name: `v${version}`,
    version,
    major,
    minor,
    patch,
    preRelease: pre ?? null,
    pubdate: '2026-01-01T00:00:00Z',
    changelog: `notes ${version}`,
    url: `https://example.test/tag/v${version}`,
    ...extra,
  }
}

const now = Date.UTC(2026, 5, 1)

describe('version totals', () => {
  it('is major*10000 + minor*100 + patch', () => {
    expect(versionTotal(2, 3, 1)).toBe(20301)
    expect(parseVersion('v1.10.4')).toEqual({ major: 1, minor: 10, patch: 4, total: 11004 })
    expect(parseVersion('2.0.0-beta.1')?.total).toBe(20000)
  })

  it('is null for what is not semver', () => {
    expect(parseVersion('nightly')).toBeNull()
    expect(parseVersion('2.3')).toBeNull()
    expect(parseVersion('')).toBeNull()
  })
})

describe('computeVersionData', () => {
  const releases = [
    release('2.4.0-beta.1'),
    release('2.3.2'),
    release('2.3.1'),
    release('2.3.0'),
    release('2.2.9'),
    release('1.3.1'),
  ]

  it('lists the same major.minor up to the current version, newest first', () => {
    const data = computeVersionData('2.3.1', releases, now)
    expect(data?.releasesToShow.map((r) => r.version)).toEqual(['2.3.1', '2.3.0'])
    expect(data?.releasesToShow[0]).toMatchObject({ total: 20301, changelog: 'notes 2.3.1', major: 2 })
    expect(data?.lastCheck).toBe(now)
  })

  it('has an update when a newer release exists, pre-releases aside', () => {
    const data = computeVersionData('2.3.1', releases, now)
    expect(data).toMatchObject({
      hasUpdate: true,
      latestVersion: '2.3.2',
      currentVersion: '2.3.1',
      version: '2.3.1',
      githubTagUrl: 'https://example.test/tag/v2.3.2',
    })
    expect(computeVersionData('2.3.2', releases, now)).toMatchObject({
      hasUpdate: false,
      latestVersion: '2.3.2',
      githubTagUrl: null,
    })
  })

  it('is null without releases, or when the current version is not released or not semver', () => {
    expect(computeVersionData('2.3.1', [], now)).toBeNull()
    expect(computeVersionData('2.3.5', releases, now)).toBeNull()
    expect(computeVersionData('dev', releases, now)).toBeNull()
  })

  it('ignores entries whose version is not semver', () => {
    const data = computeVersionData('2.3.1', [...releases, release('2.3.0', { version: 'bogus' })], now)
    expect(data?.releasesToShow).toHaveLength(2)
  })
})

describe('stored version data', () => {
  const data = computeVersionData('2.3.1', [release('2.3.1')], now)

  it('is fresh for five minutes for the same version', () => {
    expect(isVersionDataFresh(data, '2.3.1', now + versionCheckIntervalMs - 1)).toBe(true)
    expect(isVersionDataFresh(data, '2.3.1', now + versionCheckIntervalMs)).toBe(false)
    expect(isVersionDataFresh(data, '2.4.0', now + 1)).toBe(false)
    expect(isVersionDataFresh(null, '2.3.1', now)).toBe(false)
  })

  it('discards corrupt or incomplete data', () => {
    expect(readStoredVersionData(JSON.parse(JSON.stringify(data)))).toEqual(data)
    expect(readStoredVersionData({ ...data, releasesToShow: undefined })).toBeNull()
    expect(readStoredVersionData({ ...data, currentVersion: 3 })).toBeNull()
    expect(readStoredVersionData('x')).toBeNull()
  })
})

describe('shouldNotifyUpdate', () => {
  const withUpdate = computeVersionData('2.3.1', [release('2.3.1'), release('2.3.2')], now)
  it('notifies of an update unless that version was dismissed before', () => {
    expect(shouldNotifyUpdate(withUpdate, null)).toBe(true)
    expect(shouldNotifyUpdate(withUpdate, '2.3.1')).toBe(true)
    expect(shouldNotifyUpdate(withUpdate, '2.3.2')).toBe(false)
    expect(shouldNotifyUpdate(computeVersionData('2.3.2', [release('2.3.2')], now), null)).toBe(false)
  })
})
