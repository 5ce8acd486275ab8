import { usePrefetchQuery } from '@tanstack/react-query'
import { useParams } from 'react-router'
import { useApiClient } from '@/lib/api/index.ts'
import { publicShareQuery } from '../public-share-query.ts'

/**
 * Rendered by the /share/:slug route beside its on-demand page: the page data is requested at once, in
 * parallel with the page's code, so the first audio is not held up by one request after the other.
 */
export function PrefetchPublicShare() {
  const { slug = '' } = useParams()
  usePrefetchQuery(publicShareQuery(useApiClient(), slug))
  return null
}
