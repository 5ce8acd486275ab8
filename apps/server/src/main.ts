import { buildApp } from './app.ts'
import { ConfigError, loadConfig } from './config/config.ts'
import { createLogger } from './logger.ts'

/** config -> database -> app -> listen, and a clean stop on SIGINT/SIGTERM. */
async function main() {
  let config
  try {
    config = loadConfig()
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message)
      process.exit(1)
    }
    throw err
  }
  const logger = createLogger(config.logLevel, config.metadataPath)
  const log = logger.log
  // LOG_LEVEL, when set, is the level at start; otherwise the level an admin chose in the settings.
  const logLevelFromSettings = !process.env.LOG_LEVEL
  // A restore restarts the app in this process: closed (database included), rebuilt on the same port, which
  // swaps the staged database in while no connection is open (db/pending-restore.ts).
  let restarting: Promise<void> | null = null
  const requestRestart = () => {
    restarting ??= (async () => {
      log.info('restarting onto a restored backup')
      await app.close()
      app = (
        await buildApp({ config, logger: log, logControl: logger, logLevelFromSettings, requestRestart })
      ).app
      await app.listen({ port, host: config.host })
      log.info('restarted onto the restored backup')
    })()
      .catch((err: unknown) => {
        log.fatal({ err }, 'restart after a restore failed')
        process.exit(1)
      })
      .finally(() => {
        restarting = null
      })
  }
  let app = (
    await buildApp({ config, logger: log, logControl: logger, logLevelFromSettings, requestRestart })
  ).app
  await app.listen({ port: config.port, host: config.host })
  const address = app.server.address()
  const port = typeof address === 'object' && address ? address.port : config.port
  log.info(
    { port, configPath: config.configPath, metadataPath: config.metadataPath },
    `Shelfcast listening on port ${port}`,
  )

  let stopping = false
  const stop = async (signal: string) => {
    if (stopping) return
    stopping = true
    log.info({ signal }, 'shutting down')
    const force = setTimeout(() => process.exit(1), 10000)
    force.unref()
    try {
      await restarting
      await app.close()
      log.info('stopped')
      await logger.close()
      process.exit(0)
    } catch (err) {
      log.error({ err }, 'error during shutdown')
      process.exit(1)
    }
  }
  process.on('SIGINT', () => void stop('SIGINT'))
  process.on('SIGTERM', () => void stop('SIGTERM'))
}

main().catch((err: unknown) => {
  console.error('Shelfcast failed to start:', err instanceof Error ? err.message : err)
  process.exit(1)
})
