import { isOwnEreaderDevice } from '@shelfcast/contracts/client'
import { useTranslation } from 'react-i18next'
import { useSessionStore } from '@/lib/session-store.ts'
import { useUpdateOwnEreaderDevices } from '../api.ts'
import { EreaderDevicesTable } from './EreaderDevicesTable.tsx'

/** The account page's section for users with createEreader: the devices only they may use. */
export function OwnEreaderDevices() {
  const { t } = useTranslation()
  const user = useSessionStore((s) => s.user)
  const devices = useSessionStore((s) => s.ereaderDevices)
  const update = useUpdateOwnEreaderDevices()
  if (!user) return null
  const own = devices.filter((d) => isOwnEreaderDevice(user.id, d))
  return (
    <section
      aria-labelledby="own-ereader-heading"
      className="mt-6 flex flex-col gap-3 rounded-2xl border border-border bg-surface p-4 sm:p-6"
    >
      <h2 id="own-ereader-heading" className="text-lg font-semibold">
        {t('HeaderEreaderDevices')}
      </h2>
      <p className="text-sm text-muted">{t('MessageOwnEreaderDevicesHelp')}</p>
      <EreaderDevicesTable
        devices={own}
        allDevices={devices}
        saving={update.isPending}
        save={(next) => update.mutateAsync(next)}
        testId="own-ereader-devices"
      />
    </section>
  )
}
