// What other features use of the logs feature: the log levels (the settings page's server log level).
export { LOG_FILTER_LEVELS } from './model/log-filter.ts'
