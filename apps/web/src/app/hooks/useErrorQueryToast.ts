import { useEffect, useRef } from 'react'
import { useLocation, useNavigate } from 'react-router'
import { toast } from '../../lib/toast-store.ts'

/** `?error=` on any route shows an error toast, then leaves the URL without it (replace). */
export function useErrorQueryToast(): void {
  const location = useLocation()
  const navigate = useNavigate()
  const handledKey = useRef<string | null>(null)

  useEffect(() => {
    const params = new URLSearchParams(location.search)
    const message = params.get('error')
    if (message === null || handledKey.current === location.key) return
    handledKey.current = location.key
    if (message) toast.error(message)
    params.delete('error')
    const search = params.toString()
    void navigate(
      { pathname: location.pathname, search: search ? `?${search}` : '', hash: location.hash },
      { replace: true },
    )
  }, [location, navigate])
}
