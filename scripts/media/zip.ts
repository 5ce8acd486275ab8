import { crc32, deflateRawSync, inflateRawSync } from 'node:zlib'

export interface ZipEntry {
  name: string
  data: Buffer | string
  /** Store without compression (EPUB's `mimetype` must be). */
  store?: boolean
}

function dosDateTime(date: Date): { time: number; date: number } {
  return {
    time: (date.getHours() << 11) | (date.getMinutes() << 5) | Math.floor(date.getSeconds() / 2),
    date: ((Math.max(date.getFullYear(), 1980) - 1980) << 9) | ((date.getMonth() + 1) << 5) | date.getDate(),
  }
}

/** A minimal ZIP writer: entries in the given order, stored or deflated, no extra fields, no data descriptors. */
export function zipBuffer(entries: readonly ZipEntry[], modified = new Date()): Buffer {
  const { time, date } = dosDateTime(modified)
  const locals: Buffer[] = []
  const centrals: Buffer[] = []
  let offset = 0
  for (const entry of entries) {
    const name = Buffer.from(entry.name, 'utf8')
    const data = typeof entry.data === 'string' ? Buffer.from(entry.data, 'utf8') : entry.data
    const deflated = entry.store ? undefined : deflateRawSync(data, { level: 9 })
    const useDeflate = deflated !== undefined && deflated.length < data.length
    const body = useDeflate ? deflated : data
    const method = useDeflate ? 8 : 0
    const crc = crc32(data)
    const flags = /[^\x20-\x7e]/.test(entry.name) ? 0x0800 : 0 // UTF-8 names

    const local = Buffer.alloc(30)
    local.writeUInt32LE(0x04034b50, 0)
    local.writeUInt16LE(20, 4)
    local.writeUInt16LE(flags, 6)
    local.writeUInt16LE(method, 8)
    local.writeUInt16LE(time, 10)
    local.writeUInt16LE(date, 12)
    local.writeUInt32LE(crc, 14)
    local.writeUInt32LE(body.length, 18)
    local.writeUInt32LE(data.length, 22)
    local.writeUInt16LE(name.length, 26)
    local.writeUInt16LE(0, 28)
    locals.push(local, name, body)

    const central = Buffer.alloc(46)
    central.writeUInt32LE(0x02014b50, 0)
    central.writeUInt16LE(20, 4)
    central.writeUInt16LE(20, 6)
    central.writeUInt16LE(flags, 8)
    central.writeUInt16LE(method, 10)
    central.writeUInt16LE(time, 12)
    central.writeUInt16LE(date, 14)
    central.writeUInt32LE(crc, 16)
    central.writeUInt32LE(body.length, 20)
    central.writeUInt32LE(data.length, 24)
    central.writeUInt16LE(name.length, 28)
    central.writeUInt32LE(offset, 42)
    centrals.push(central, name)
    offset += local.length + name.length + body.length
  }
  const centralSize = centrals.reduce((n, b) => n + b.length, 0)
  const end = Buffer.alloc(22)
  end.writeUInt32LE(0x06054b50, 0)
  end.writeUInt16LE(entries.length, 8)
  end.writeUInt16LE(entries.length, 10)
  end.writeUInt32LE(centralSize, 12)
  end.writeUInt32LE(offset, 16)
  return Buffer.concat([...locals, ...centrals, end])
}

export interface ReadZipEntry {
  name: string
  /** 0 stored, 8 deflated */
  method: number
  localHeaderOffset: number
  data: Buffer
}

/** Reads a ZIP through its central directory and checks every CRC; enough to verify what zipBuffer writes. */
export function readZip(zip: Buffer): ReadZipEntry[] {
  const endAt = zip.lastIndexOf(Buffer.from([0x50, 0x4b, 0x05, 0x06]))
  if (endAt < 0) throw new Error('zip: no end of central directory')
  const count = zip.readUInt16LE(endAt + 10)
  let at = zip.readUInt32LE(endAt + 16)
  const entries: ReadZipEntry[] = []
  for (let i = 0; i < count; i++) {
    if (zip.readUInt32LE(at) !== 0x02014b50) throw new Error('zip: bad central directory entry')
    const method = zip.readUInt16LE(at + 10)
    const crc = zip.readUInt32LE(at + 16)
    const compressedSize = zip.readUInt32LE(at + 20)
    const nameLength = zip.readUInt16LE(at + 28)
    const extraLength = zip.readUInt16LE(at + 30)
    const commentLength = zip.readUInt16LE(at + 32)
    const localHeaderOffset = zip.readUInt32LE(at + 42)
    const name = zip.toString('utf8', at + 46, at + 46 + nameLength)
    if (zip.readUInt32LE(localHeaderOffset) !== 0x04034b50)
      throw new Error(`zip: bad local header for ${name}`)
    const dataAt =
      localHeaderOffset +
      30 +
      zip.readUInt16LE(localHeaderOffset + 26) +
      zip.readUInt16LE(localHeaderOffset + 28)
    const body = zip.subarray(dataAt, dataAt + compressedSize)
    const data = method === 8 ? inflateRawSync(body) : Buffer.from(body)
    if (crc32(data) !== crc) throw new Error(`zip: CRC mismatch for ${name}`)
    entries.push({ name, method, localHeaderOffset, data })
    at += 46 + nameLength + extraLength + commentLength
  }
  return entries
}
