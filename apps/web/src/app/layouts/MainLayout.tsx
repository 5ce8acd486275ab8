import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { useCurrentLibrary } from '../../features/libraries/index.ts'
import { PlayerBar } from '../../features/player/index.ts'
import { AppBar } from '../app-bar/AppBar.tsx'
import { OnDemandModals } from '../OnDemandModals.tsx'
import { useRouteName } from '../route-names.ts'
import { SideRail } from '../side-rail/SideRail.tsx'

/**
 * The signed-in shell (inside the guard): app bar, and the side rail when a library is current and
 * the page is not a config page.
 */
export function MainLayout() {
  const { t } = useTranslation()
  const library = useCurrentLibrary()
  const routeName = useRouteName() ?? ''
  const showSideRail = library.current !== null && !routeName.startsWith('config')

  return (
    <div className="min-h-dvh">
      <a
        href="#main"
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:left-2 focus:z-50 focus:rounded-lg focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-fg"
      >
        {t('ButtonSkipToContent')}
      </a>
      <AppBar library={library} />
      {showSideRail && library.current && <SideRail library={library.current} />}
      <main id="main" className={showSideRail ? 'pt-16 md:pl-20' : 'pt-16'}>
        <Outlet />
      </main>
      <PlayerBar />
      <OnDemandModals />
    </div>
  )
}
