// Writes the web client's zod-free route table from the route groups (`npm run client-routes`); a test fails
// while the file is stale.
import { writeFileSync } from 'node:fs'
import path from 'node:path'
import { clientRoutesText } from '../packages/contracts/src/routes/client-routes.ts'

const file = path.resolve(import.meta.dirname, '../packages/contracts/src/routes/client-routes.generated.ts')
writeFileSync(file, clientRoutesText())
console.log(`wrote ${path.relative(process.cwd(), file)}`)
