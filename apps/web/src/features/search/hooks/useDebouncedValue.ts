import { useEffect, useState } from 'react'

/** `value` once it has stopped changing for `delayMs`; an empty value passes at once (clearing resets). */
export function useDebouncedValue(value: string, delayMs: number): string {
  const [settled, setSettled] = useState(value)
  useEffect(() => {
    const timer = setTimeout(() => setSettled(value), value.trim() ? delayMs : 0)
    return () => clearTimeout(timer)
  }, [value, delayMs])
  return value.trim() ? settled : ''
}
