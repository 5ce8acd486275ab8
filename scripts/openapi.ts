// Writes docs/openapi.json from the route table (`npm run openapi`); a test fails while the file is stale.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { openApiText } from '../apps/server/src/openapi/shelfcast-openapi.ts'

const file = path.resolve(import.meta.dirname, '../docs/openapi.json')
writeFileSync(file, openApiText())
console.log(`wrote ${path.relative(process.cwd(), file)}`)
