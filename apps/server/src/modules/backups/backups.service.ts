import crypto from 'node:crypto'
import fs from 'node:fs'
import path from 'node:path'
import type { Readable } from 'node:stream'
import { pipeline } from 'node:stream/promises'
import type BetterSqlite3 from 'better-sqlite3'
import type { Logger } from 'pino'
import type { Backup, BackupsResponse, ServerSettings } from '@shelfcast/contracts'
import type { Clock } from '../../clock.ts'
import type { Config } from '../../config/config.ts'
import { PENDING_DATABASE, RESTORED_IMAGE_FOLDERS, STAGED_IMAGES } from '../../db/pending-restore.ts'
import { badRequest, HttpError, notFound } from '../../http/errors.ts'
import type { TaskRunner } from '../../jobs/task-runner.ts'
import type { Realtime } from '../../realtime/realtime.ts'
import type { LibrariesService } from '../libraries/libraries.service.ts'
import type { SettingsRepository } from '../settings/settings.repository.ts'
import type { SettingsService } from '../settings/settings.service.ts'
import { BACKUP_EXTENSION, backupIdFor, backupIdPattern } from './backup-format.ts'
import { InvalidBackupError, newestSchemaVersion, readDetails, stageBackup } from './backup-reader.ts'
import { BackupTooLargeError, writeBackup } from './backup-writer.ts'
import { BackupSchedule } from '../../jobs/backup-schedule.ts'
import type { NotificationSink } from '../notifications/notification-events.ts'

const BACKUP_PATH_KEY = 'backupPath'
const GB = 1024 ** 3
/** Spec §8 toasts; the reason follows so the admin knows what to fix. */
export const backupToasts = {
  create: 'Failed to create backup',
  remove: 'Failed to delete backup',
  restore: 'Failed to restore backup',
  upload: 'Failed to upload backup',
} as const

export interface BackupsDeps {
  sqlite: BetterSqlite3.Database
  config: Config
  settings: SettingsService
  settingsRepo: SettingsRepository
  libraries: Pick<LibrariesService, 'all' | 'forbidBackupFolder'>
  realtime: Realtime
  tasks: Pick<TaskRunner, 'start'>
  clock: Clock
  log: Logger
  /** Fires onBackupCompleted / onBackupFailed notifications. */
  notify?: NotificationSink
  /** Restarts the server onto the staged restore (main.ts); without one it is applied at the next start. */
  requestRestart?: () => void
}

/** Thrown when a path change is refused; the message is shown. */
const refusePath = (why: string) => badRequest(why)

const contains = (root: string, p: string) => {
  const rel = path.relative(root, p)
  return rel === '' || (!rel.startsWith('..') && !path.isAbsolute(rel))
}

/** Backups: create (on demand and on schedule), keep N, list, download, upload, delete, stage a restore. */
export class BackupsService {
  private readonly d: BackupsDeps
  private folder: string
  /** Creations, uploads and restores run one at a time. */
  private queue: Promise<unknown> = Promise.resolve()
  private readonly schedule: BackupSchedule
  private readonly detailsCache = new Map<string, { key: string; backup: Backup }>()

  constructor(deps: BackupsDeps) {
    this.d = deps
    this.folder = deps.config.backupPathFromEnv ?? path.join(deps.config.metadataPath, 'backups')
    this.schedule = new BackupSchedule({
      run: () => this.createScheduled(),
      log: deps.log,
    })
    deps.libraries.forbidBackupFolder(() => this.folder)
  }

  async start() {
    const stored = await this.d.settingsRepo.get(BACKUP_PATH_KEY)
    // BACKUP_PATH wins over a folder chosen on the Backups page (as in Audiobookshelf).
    if (stored && path.isAbsolute(stored) && !this.d.config.backupPathFromEnv) this.folder = stored
    this.d.settings.setBackupPath(this.folder)
    await this.removeLeftovers()
    this.schedule.sync((await this.d.settings.getServerSettings()).backupSchedule)
    this.d.settings.onChange((s) => this.schedule.sync(s.backupSchedule))
  }

  stop() {
    this.schedule.close()
  }

  nextScheduledRun(): Date | null {
    return this.schedule.nextRun()
  }

  private serial<T>(work: () => Promise<T>): Promise<T> {
    const run = this.queue.then(work, work)
    this.queue = run.catch(() => undefined)
    return run
  }

  /** Hidden temp files of a backup or upload cut short (kill -9) and staging of an unfinished restore. */
  private async removeLeftovers() {
    const names = await fs.promises.readdir(this.folder).catch(() => [] as string[])
    for (const name of names)
      if (name.startsWith('.'))
        await fs.promises.rm(path.join(this.folder, name), { recursive: true, force: true })
    for (const name of await fs.promises.readdir(this.d.config.configPath).catch(() => [] as string[]))
      if (name.startsWith('.restore-'))
        await fs.promises.rm(path.join(this.d.config.configPath, name), { force: true })
    for (const name of await fs.promises.readdir(this.d.config.metadataPath).catch(() => [] as string[]))
      if (name.startsWith('.restore-') && name !== STAGED_IMAGES)
        await fs.promises.rm(path.join(this.d.config.metadataPath, name), { recursive: true, force: true })
  }

  async list(): Promise<BackupsResponse> {
    const names = await fs.promises.readdir(this.folder).catch(() => [] as string[])
    const backups: Backup[] = []
    for (const name of names) {
      if (name.startsWith('.') || !name.endsWith(BACKUP_EXTENSION)) continue
      const id = name.slice(0, -BACKUP_EXTENSION.length)
      if (!backupIdPattern.test(id)) continue
      const fullPath = path.join(this.folder, name)
      const stat = await fs.promises.stat(fullPath).catch(() => null)
      if (!stat?.isFile()) continue
      const key = `${stat.size}:${stat.mtimeMs}`
      const cached = this.detailsCache.get(fullPath)
      if (cached?.key === key) {
        backups.push(cached.backup)
        continue
      }
      const details = await readDetails(fullPath)
      const backup: Backup = {
        id,
        key: 'backups',
        filename: name,
        fullPath,
        backupDirPath: this.folder,
        fileSize: stat.size,
        createdAt: details?.createdAt ?? Math.round(stat.mtimeMs),
        serverVersion: details?.serverVersion ?? '',
        schemaVersion: details?.schemaVersion ?? 0,
      }
      this.detailsCache.set(fullPath, { key, backup })
      backups.push(backup)
    }
    backups.sort((a, b) => b.createdAt - a.createdAt || b.id.localeCompare(a.id))
    return {
      backups,
      backupLocation: this.folder,
      backupPathEnvSet: this.d.config.backupPathFromEnv !== null,
    }
  }

  private async settings(): Promise<ServerSettings> {
    return this.d.settings.getServerSettings()
  }

  private maxBytes(s: ServerSettings) {
    return s.maxBackupSize > 0 ? Math.round(s.maxBackupSize * GB) : 0
  }

  private async freeId(base: string): Promise<string> {
    for (let n = 0; ; n++) {
      const id = n === 0 ? base : `${base}-${n}`
      if (!fs.existsSync(path.join(this.folder, `${id}${BACKUP_EXTENSION}`))) return id
    }
  }

  /** Makes a backup now and keeps the newest `backupsToKeep`. */
  create(): Promise<BackupsResponse> {
    return this.serial(async () => {
      const s = await this.settings()
      const createdAt = this.d.clock()
      const id = await this.freeId(backupIdFor(createdAt))
      // A task, so every admin sees it run (task_started / task_progress / task_finished).
      const task = this.d.tasks.start({
        action: 'backup',
        title: 'Backing up the server',
        titleKey: 'MessageTaskBackingUp',
        data: {},
      })
      try {
        await writeBackup({
          sqlite: this.d.sqlite,
          folder: this.folder,
          id,
          fileName: `${id}${BACKUP_EXTENSION}`,
          metadataPath: this.d.config.metadataPath,
          details: {
            app: 'shelfcast',
            serverVersion: this.d.config.version,
            schemaVersion: newestSchemaVersion,
            createdAt,
          },
          maxBytes: this.maxBytes(s),
          // The database copy is most of the work; the zip follows.
          onProgress: (fraction) => task.progress(fraction * 90),
        })
        task.finish({ description: id })
      } catch (err) {
        const message = `${backupToasts.create}: ${(err as Error).message}`
        task.finish({ failed: true, error: message })
        this.d.notify?.fire('onBackupFailed', { errorMsg: (err as Error).message })
        if (err instanceof BackupTooLargeError) throw badRequest(message)
        this.d.log.error({ err }, 'backup failed')
        throw badRequest(message)
      }
      const removed = await this.prune(s.backupsToKeep)
      this.d.log.info({ id }, 'backup created')
      const answer = await this.list()
      const made = answer.backups.find((b) => b.id === id)
      this.d.notify?.fire('onBackupCompleted', {
        completionTime: new Date(this.d.clock()).toISOString(),
        backupPath: made?.fullPath ?? path.join(this.folder, `${id}${BACKUP_EXTENSION}`),
        backupSize: made?.fileSize ?? 0,
        backupCount: answer.backups.length,
        removedOldest: removed > 0,
      })
      return answer
    })
  }

  private async createScheduled() {
    try {
      await this.create()
      this.d.realtime.toAdmins('admin_message', 'Backup created')
    } catch (err) {
      this.d.log.warn({ err }, 'scheduled backup failed')
      this.d.realtime.toAdmins('admin_message', (err as Error).message)
    }
  }

  /** Removes the oldest backups beyond `keep`; answers how many. */
  private async prune(keep: number): Promise<number> {
    const { backups } = await this.list()
    const old = backups.slice(Math.max(1, keep))
    for (const backup of old) {
      await fs.promises.rm(backup.fullPath, { force: true })
      this.d.log.info({ id: backup.id }, 'old backup removed')
    }
    return old.length
  }

  async find(id: string): Promise<Backup> {
    const found = backupIdPattern.test(id) ? (await this.list()).backups.find((b) => b.id === id) : undefined
    if (!found) throw notFound('Backup not found')
    return found
  }

  async remove(id: string): Promise<BackupsResponse> {
    const backup = await this.find(id)
    await fs.promises.rm(backup.fullPath, { force: true })
    this.detailsCache.delete(backup.fullPath)
    return this.list()
  }

  /** Largest upload in bytes (the maximum backup size; unlimited at 0). */
  async uploadLimit(): Promise<number> {
    const max = this.maxBytes(await this.settings())
    return max > 0 ? max : Number.MAX_SAFE_INTEGER
  }

  /** Validates an archive completely in a staging folder, then throws the staging away. */
  private async validate(file: string, toast: string) {
    const staging = path.join(this.folder, `.staging-${crypto.randomUUID()}`)
    await fs.promises.mkdir(staging, { recursive: true })
    try {
      return await stageBackup(file, {
        databaseFile: path.join(staging, 'database.sqlite'),
        imagesFolder: path.join(staging, 'images'),
      })
    } catch (err) {
      if (err instanceof InvalidBackupError) throw badRequest(`${toast}: ${err.message}`)
      throw err
    } finally {
      await fs.promises.rm(staging, { recursive: true, force: true })
    }
  }

  /** Stores an uploaded archive once it passes the same checks as a restore; answers the new list. */
  upload(stream: Readable, originalName: string): Promise<BackupsResponse> {
    return this.serial(async () => {
      await fs.promises.mkdir(this.folder, { recursive: true })
      const temp = path.join(this.folder, `.upload-${crypto.randomUUID()}.tmp`)
      try {
        await pipeline(stream, fs.createWriteStream(temp, { flags: 'wx' }))
        if ((stream as Readable & { truncated?: boolean }).truncated)
          throw new HttpError(413, `${backupToasts.upload}: larger than the maximum backup size`)
        const { details } = await this.validate(temp, backupToasts.upload)
        const named = path.basename(originalName).replace(/\.audiobookshelf$/i, '')
        const base =
          backupIdPattern.test(named) && !named.startsWith('.') ? named : backupIdFor(details.createdAt)
        const id = await this.freeId(base)
        await fs.promises.rename(temp, path.join(this.folder, `${id}${BACKUP_EXTENSION}`))
        return await this.list()
      } finally {
        await fs.promises.rm(temp, { force: true })
      }
    })
  }

  /**
   * Stages a restore: the archive is validated and unpacked in staging places, its database checked and
   * migrated forward; the live database is not touched. Renaming the staged database to the pending name
   * commits it; the swap itself happens with the database closed, as the server restarts (db/pending-restore).
   */
  apply(id: string): Promise<void> {
    return this.serial(async () => {
      const backup = await this.find(id)
      const { configPath, metadataPath } = this.d.config
      const token = crypto.randomUUID()
      const stagedDb = path.join(configPath, `.restore-${token}.sqlite`)
      const stagedImages = path.join(metadataPath, `.restore-${token}`)
      try {
        await stageBackup(backup.fullPath, { databaseFile: stagedDb, imagesFolder: stagedImages })
        // Every image folder exists in staging, so the swap empties one the backup had no files for.
        for (const folder of RESTORED_IMAGE_FOLDERS)
          await fs.promises.mkdir(path.join(stagedImages, folder), { recursive: true })
        // A restore staged earlier (not yet swapped in) is withdrawn first, its database before its images.
        await fs.promises.rm(path.join(configPath, PENDING_DATABASE), { force: true })
        await fs.promises.rm(path.join(metadataPath, STAGED_IMAGES), { recursive: true, force: true })
        await fs.promises.rename(stagedImages, path.join(metadataPath, STAGED_IMAGES))
        const handle = await fs.promises.open(stagedDb, 'r')
        await handle.sync().finally(() => handle.close())
        await fs.promises.rename(stagedDb, path.join(configPath, PENDING_DATABASE))
      } catch (err) {
        if (err instanceof InvalidBackupError) throw badRequest(`${backupToasts.restore}: ${err.message}`)
        throw err
      } finally {
        await fs.promises.rm(stagedDb, { force: true })
        await fs.promises.rm(`${stagedDb}-journal`, { force: true })
        await fs.promises.rm(stagedImages, { recursive: true, force: true })
      }
      this.d.log.info({ id }, 'backup staged for restore; restarting onto it')
      this.d.realtime.toAdmins('admin_message', 'Backup applied')
      this.d.realtime.toUsersWhere(() => true, 'backup_applied', null)
      // After the answer has gone out: the restart closes every connection.
      const restart = this.d.requestRestart
      if (restart) setTimeout(restart, 300).unref()
    })
  }

  /** Moves the backup folder: absolute, outside every library folder and the config folder, writable. */
  async setFolder(folder: string): Promise<BackupsResponse> {
    if (this.d.config.backupPathFromEnv)
      throw refusePath('The backup location is set by the BACKUP_PATH environment variable')
    const trimmed = folder.trim()
    if (!trimmed) throw refusePath('Backup location path cannot be empty')
    if (!path.isAbsolute(trimmed)) throw refusePath('The backup location must be an absolute path')
    // Real paths on both sides (symlinks resolved), compared with path.relative (SECURITY.md rule 1).
    const target = await realPathOf(trimmed)
    const config = await realPathOf(this.d.config.configPath)
    if (contains(config, target) || contains(target, config))
      throw refusePath('The backup location cannot overlap the config folder')
    for (const library of await this.d.libraries.all())
      for (const f of library.folders) {
        const root = await realPathOf(f.fullPath)
        if (contains(root, target) || contains(target, root))
          throw refusePath(`The backup location cannot overlap the library folder ${f.fullPath}`)
      }
    try {
      await fs.promises.mkdir(target, { recursive: true })
      await fs.promises.access(target, fs.constants.W_OK)
    } catch {
      throw refusePath('The backup location cannot be created or written')
    }
    await this.d.settingsRepo.set(BACKUP_PATH_KEY, target)
    this.folder = target
    this.d.settings.setBackupPath(target)
    return this.list()
  }
}

/** The real path of a folder that may not exist yet: its deepest existing ancestor resolved, the rest joined. */
async function realPathOf(p: string): Promise<string> {
  const rest: string[] = []
  let at = path.resolve(p)
  for (;;) {
    try {
      return path.join(await fs.promises.realpath(at), ...rest.reverse())
    } catch {
      const parent = path.dirname(at)
      if (parent === at) return path.resolve(p)
      rest.push(path.basename(at))
      at = parent
    }
  }
}
