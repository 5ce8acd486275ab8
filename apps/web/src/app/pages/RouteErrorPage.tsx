import { useTranslation } from 'react-i18next'
import { isRouteErrorResponse, useRouteError } from 'react-router'
import { ErrorPage } from './ErrorPage.tsx'

/** What the router shows when a page throws or no route matches. */
export function RouteErrorPage() {
  const { t } = useTranslation()
  const error = useRouteError()
  if (isRouteErrorResponse(error)) {
    const message = error.status === 404 ? t('MessagePageNotFound') : error.statusText
    return <ErrorPage statusCode={error.status} message={message} />
  }
  console.error('[router] page failed', error)
  return <ErrorPage />
}

export function NotFoundPage() {
  const { t } = useTranslation()
  return <ErrorPage statusCode={404} message={t('MessagePageNotFound')} />
}
