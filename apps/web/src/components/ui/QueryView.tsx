import type { ReactNode } from 'react'
import { LoadingBox } from './Spinner.tsx'

/**
 * What a page shows for the query behind it: a loading box while it is pending, its error (already in words)
 * as an alert, `empty` when there is nothing to list, otherwise the content.
 */
export function QueryView({
  pending,
  error,
  empty,
  loadingLabel,
  children,
}: {
  pending: boolean
  error: string | null
  /** Shown instead of the content when truthy (`list.length === 0 && <EmptyPanel …/>`). */
  empty?: ReactNode
  loadingLabel: string
  children: ReactNode
}) {
  if (pending) return <LoadingBox message={loadingLabel} />
  if (error !== null)
    return (
      <p role="alert" className="mt-8 text-error">
        {error}
      </p>
    )
  if (empty) return empty
  return children
}
