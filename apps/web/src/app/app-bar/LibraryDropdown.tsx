import type { Library } from '@shelfcast/contracts'
import { useTranslation } from 'react-i18next'
import { useLocation, useNavigate } from 'react-router'
import { Dropdown } from '../../components/ui/index.ts'
import { LibraryIcon, librarySwitchTarget, useCurrentLibraryStore } from '../../features/libraries/index.ts'
import { useRouteName } from '../route-names.ts'

/** Switches the current library following the switch rules; disabled while libraries load. */
export function LibraryDropdown({
  libraries,
  current,
  loading,
  className = 'w-44 sm:w-56',
}: {
  libraries: Library[]
  current: Library
  loading: boolean
  className?: string
}) {
  const { t } = useTranslation()
  const navigate = useNavigate()
  const location = useLocation()
  const routeName = useRouteName()
  const select = useCurrentLibraryStore((s) => s.select)

  const onChange = (id: string) => {
    const target = libraries.find((l) => l.id === id)
    if (!target) return
    select(target.id)
    const to = librarySwitchTarget({
      routeName,
      path: location.pathname,
      fullPath: `${location.pathname}${location.search}${location.hash}`,
      currentLibraryId: current.id,
      target,
    })
    if (to) void navigate(to)
  }

  return (
    <Dropdown
      testId="library-dropdown"
      label={t('LabelSelectLibrary')}
      value={current.id}
      disabled={loading}
      onChange={onChange}
      className={className}
      triggerContent={
        <>
          <LibraryIcon icon={current.icon} className="size-4 text-primary" />
          <span className="truncate">{current.name}</span>
        </>
      }
      options={libraries.map((library) => ({
        value: library.id,
        label: library.name,
        icon: <LibraryIcon icon={library.icon} className="size-4 text-muted" />,
      }))}
    />
  )
}
