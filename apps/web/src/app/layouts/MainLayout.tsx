import { Suspense } from 'react'
import { useTranslation } from 'react-i18next'
import { Outlet } from 'react-router'
import { cn } from '../../components/ui/index.ts'
import { useCurrentLibrary } from '../../features/libraries/index.ts'
import { PlayerBar } from '../../features/player/index.ts'
import { AppBar } from '../app-bar/AppBar.tsx'
import { BottomNav } from '../bottom-nav/BottomNav.tsx'
import { lazyComponent } from '../../lib/lazy-component.ts'
import { OnDemandModals } from '../OnDemandModals.tsx'
import { useRouteName } from '../route-names.ts'
import { SideRail } from '../side-rail/SideRail.tsx'

// The update check (releases through our server, the update toast) is not needed for the first paint.
const UpdateNotifier = lazyComponent(() => import('../../features/updates/on-demand.ts'), 'UpdateNotifier')

/**
 * The signed-in shell (inside the guard): app bar, and when a library is current and the page is not a
 * config page its navigation: the side rail from 640 px up, the bottom navigation below.
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
        className="sr-only focus:not-sr-only focus:fixed focus:top-2 focus:start-2 focus:z-50 focus:rounded-lg focus:bg-primary focus:px-3 focus:py-2 focus:text-primary-fg"
      >
        {t('ButtonSkipToContent')}
      </a>
      <AppBar library={library} />
      {showSideRail && library.current && (
        <>
          <SideRail library={library.current} />
          <BottomNav library={library.current} />
        </>
      )}
      <main id="main" className={cn('pt-16 pb-[var(--bottom-nav-height)]', showSideRail && 'sm:ps-20')}>
        <Outlet />
      </main>
      <PlayerBar />
      <OnDemandModals />
      <Suspense fallback={null}>
        <UpdateNotifier.Component />
      </Suspense>
    </div>
  )
}
