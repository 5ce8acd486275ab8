import { mkdir, mkdtemp, rm, writeFile } from 'node:fs/promises'
import { tmpdir } from 'node:os'
import { dirname, extname, join, resolve } from 'node:path'
import { runFfmpeg } from './ffmpeg.ts'

export interface MakeCoverImageOptions {
  /** .jpg/.jpeg, .png or .webp */
  path: string
  /** Default 600. */
  width?: number
  /** Default 600. */
  height?: number
  /** Drawn centred, wrapped to the width, when ffmpeg has drawtext and a font; else the cover is plain. */
  text?: string
  /** Background: `#rrggbb`, `0xrrggbb` or a colour name ffmpeg knows; default #2f4858. */
  colour?: string
  /** Default white. */
  textColour?: string
}

function ffmpegColour(colour: string): string {
  if (/^(#|0x)?[0-9a-f]{6}$/i.test(colour)) return `0x${colour.replace(/^(#|0x)/i, '')}`
  if (/^[a-z]+$/i.test(colour)) return colour
  throw new Error(`makeCoverImage: not a colour: ${colour}`)
}

/** Greedy word wrap to at most `maxChars` per line (a longer word stands alone). */
export function wrapText(text: string, maxChars: number): string[] {
  const lines: string[] = []
  for (const paragraph of text.split('\n')) {
    let line = ''
    for (const word of paragraph.split(/\s+/).filter(Boolean)) {
      if (line && line.length + 1 + word.length > maxChars) {
        lines.push(line)
        line = word
      } else {
        line = line ? `${line} ${word}` : word
      }
    }
    lines.push(line)
  }
  return lines
}

let drawtextWorks: boolean | undefined

/** Generates a solid-colour cover with its text on it. Returns the absolute path. */
export async function makeCoverImage(options: MakeCoverImageOptions): Promise<string> {
  const path = resolve(options.path)
  const width = options.width ?? 600
  const height = options.height ?? 600
  if (!Number.isInteger(width) || !Number.isInteger(height) || width < 16 || height < 16) {
    throw new Error('makeCoverImage: width and height must be integers of at least 16')
  }
  const ext = extname(path).toLowerCase()
  const codecArgs =
    ext === '.jpg' || ext === '.jpeg'
      ? ['-c:v', 'mjpeg', '-pix_fmt', 'yuvj420p', '-q:v', '4', '-f', 'image2']
      : ext === '.png'
        ? ['-c:v', 'png', '-pix_fmt', 'rgb24', '-f', 'image2']
        : ext === '.webp'
          ? ['-c:v', 'libwebp', '-f', 'webp']
          : undefined
  if (!codecArgs) throw new Error(`makeCoverImage: unsupported image type ${ext} (jpg, png, webp)`)
  const source = `color=c=${ffmpegColour(options.colour ?? '#2f4858')}:s=${width}x${height}:d=1`
  const output = ['-frames:v', '1', '-update', '1', ...codecArgs, path]
  await mkdir(dirname(path), { recursive: true })

  let textFailed = false
  if (options.text && drawtextWorks !== false) {
    // The text goes through a file in a private folder that is ffmpeg's cwd, so neither the text nor the
    // temporary path needs filtergraph escaping.
    const work = await mkdtemp(join(tmpdir(), 'shelfcast-cover-'))
    try {
      const fontSize = Math.max(10, Math.round(Math.min(width, height) / 12))
      const maxChars = Math.max(4, Math.floor((width * 0.85) / (fontSize * 0.6)))
      await writeFile(join(work, 'text.txt'), wrapText(options.text, maxChars).join('\n'))
      const drawtext = [
        'drawtext=textfile=text.txt',
        'expansion=none',
        `fontcolor=${ffmpegColour(options.textColour ?? 'white')}`,
        `fontsize=${fontSize}`,
        `line_spacing=${Math.round(fontSize / 3)}`,
        'shadowcolor=black@0.6:shadowx=2:shadowy=2',
        'x=(w-text_w)/2:y=(h-text_h)/2',
      ].join(':')
      await runFfmpeg(['-f', 'lavfi', '-i', source, '-vf', drawtext, ...output], { cwd: work })
      drawtextWorks = true
      return path
    } catch (error) {
      if (drawtextWorks === true) throw error
      textFailed = true
    } finally {
      await rm(work, { recursive: true, force: true })
    }
  }
  await runFfmpeg(['-f', 'lavfi', '-i', source, ...output])
  // A plain cover worked where the text did not: no drawtext filter or no font here, so plain from now on.
  if (textFailed) drawtextWorks = false
  return path
}
