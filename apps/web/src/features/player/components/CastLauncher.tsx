import { useEffect, useState, type DetailedHTMLProps, type HTMLAttributes } from 'react'
import { useTranslation } from 'react-i18next'
import { castAllowed, castCapableBrowser } from '../engine/cast-sdk.ts'
import { browserCastHost, startCasting } from '../cast-setup.ts'
import { PlayerIcon } from './PlayerIcon.tsx'

// The Cast SDK defines this element: it opens the device picker and shows the session state.
declare module 'react' {
  // eslint-disable-next-line @typescript-eslint/no-namespace -- JSX element typing lives in this namespace
  namespace JSX {
    interface IntrinsicElements {
      'google-cast-launcher': DetailedHTMLProps<HTMLAttributes<HTMLElement>, HTMLElement>
    }
  }
}

/**
 * The app bar's cast button: the SDK's launcher on secure pages, else (in browsers that could cast) a warning why
 * casting is off; nothing in browsers without Cast.
 */
export function CastLauncher() {
  const { t } = useTranslation()
  const host = browserCastHost()
  const allowed = castAllowed(host)
  const capable = castCapableBrowser(host)
  const [ready, setReady] = useState(false)
  useEffect(() => {
    if (!allowed) return
    let live = true
    void startCasting().then((connection) => {
      if (live) setReady(connection !== null)
    })
    return () => {
      live = false
    }
  }, [allowed])

  if (!allowed) {
    if (!capable) return null
    const warning = t('MessageCastingRequiresSecureConnection')
    return (
      <span
        role="img"
        // eslint-disable-next-line jsx-a11y/no-noninteractive-tabindex -- focusable so keyboard users can read why casting is off
        tabIndex={0}
        aria-label={warning}
        title={warning}
        className="flex size-10 items-center justify-center rounded-lg text-warning"
        data-testid="cast-insecure"
      >
        <PlayerIcon name="cast" />
      </span>
    )
  }
  if (!ready) return null
  return (
    <span className="flex size-10 items-center justify-center" title={t('ButtonCast')}>
      <google-cast-launcher
        aria-label={t('ButtonCast')}
        className="block size-6"
        data-testid="cast-launcher"
      />
    </span>
  )
}
