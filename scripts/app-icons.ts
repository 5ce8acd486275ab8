// Writes the installable app's PNG icons (apps/web/public/icons/) from the logo, apps/web/public/favicon.svg
// (`npm run icons`). The PNGs are committed: the build only copies them.
import { mkdirSync, readFileSync } from 'node:fs'
import path from 'node:path'
import sharp, { type Sharp } from 'sharp'

const publicDir = path.resolve(import.meta.dirname, '../apps/web/public')
const iconDir = path.join(publicDir, 'icons')
const logo = readFileSync(path.join(publicDir, 'favicon.svg'))

/** The logo's tile colour (its first <rect>): a full-bleed icon is filled with it so no edge shows. */
function tileColour(svg: string): string {
  const fill = /<rect\b[^>]*\bfill="(#[0-9a-fA-F]{3,8})"/.exec(svg)?.[1]
  if (!fill) throw new Error('favicon.svg has no <rect fill="#..."> to take the tile colour from')
  return fill
}

/** The logo as drawn (rounded tile, transparent corners): the `any` purpose icon. */
function plainIcon(size: number) {
  return sharp(logo, { density: 72 * (size / 64) * 2 })
    .resize(size, size)
    .png({ compressionLevel: 9 })
}

/**
 * A full-bleed, opaque square: the logo at `logoShare` of the side on its own tile colour. A maskable icon's
 * platform mask may cut everything outside the centre circle of 80 % diameter; at 0.8 the logo's glyphs stay
 * well inside it. iOS fills transparent pixels black, so the apple-touch-icon is this kind too.
 */
async function fullBleedIcon(size: number, logoShare = 0.8) {
  const inner = Math.round(size * logoShare)
  const mark = await plainIcon(inner).toBuffer()
  const offset = Math.round((size - inner) / 2)
  return sharp({
    create: { width: size, height: size, channels: 4, background: tileColour(logo.toString()) },
  })
    .composite([{ input: mark, left: offset, top: offset }])
    .flatten({ background: tileColour(logo.toString()) })
    .png({ compressionLevel: 9 })
}

mkdirSync(iconDir, { recursive: true })
const outputs: Array<[string, Promise<Sharp> | Sharp]> = [
  ['icon-192.png', plainIcon(192)],
  ['icon-512.png', plainIcon(512)],
  ['icon-maskable-192.png', fullBleedIcon(192)],
  ['icon-maskable-512.png', fullBleedIcon(512)],
  ['apple-touch-icon.png', fullBleedIcon(180)],
]
for (const [name, image] of outputs) {
  const file = path.join(iconDir, name)
  const info = await (await image).toFile(file)
  console.log(
    `wrote ${path.relative(process.cwd(), file)} (${info.width}x${info.height}, ${info.size} bytes)`,
  )
}
