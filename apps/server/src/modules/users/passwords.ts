import { hash, verify } from '@node-rs/argon2'

// argon2id with OWASP's second recommended profile (19 MiB, 2 passes); hashing runs off the main thread.
const options = { memoryCost: 19456, timeCost: 2, parallelism: 1 } as const

export const hashPassword = (password: string) => hash(password, options)

/** A hash that verifies nothing, so unknown usernames cost as much time as known ones. */
let decoyHash: Promise<string> | null = null

export async function verifyPassword(passwordHash: string | null, password: string): Promise<boolean> {
  if (passwordHash === null) return password === ''
  try {
    return await verify(passwordHash, password)
  } catch {
    return false
  }
}

export async function burnVerifyTime(password: string): Promise<void> {
  decoyHash ??= hashPassword('decoy-password-never-matches')
  await verify(await decoyHash, password).catch(() => false)
}
