import type { QueryClient, QueryKey } from '@tanstack/react-query'

/**
 * An optimistic edit of one cached query: the cache shows `edit(current)` at once; if `request` fails the
 * cache goes back to what it was and `onFailure` runs (the toast). Answers whether the request succeeded.
 */
export async function editOptimistically<T>(
  queryClient: QueryClient,
  key: QueryKey,
  edit: (current: T) => T,
  request: () => Promise<unknown>,
  onFailure: (error: unknown) => void,
): Promise<boolean> {
  await queryClient.cancelQueries({ queryKey: key, exact: true })
  const before = queryClient.getQueryData<T>(key)
  if (before !== undefined) queryClient.setQueryData<T>(key, edit(before))
  try {
    await request()
    return true
  } catch (error) {
    if (before !== undefined) queryClient.setQueryData<T>(key, before)
    onFailure(error)
    return false
  }
}
