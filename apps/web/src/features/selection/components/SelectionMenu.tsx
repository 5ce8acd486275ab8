import type { ReactNode } from 'react'
import { useTranslation } from 'react-i18next'
import { Icon, MenuRow, Popover, usePopoverClose } from '@/components/ui/index.ts'
import type { SelectionActions } from '../model/selection-actions.ts'

function ClosingRow({
  onClick,
  testId,
  children,
}: {
  onClick: () => void
  testId: string
  children: ReactNode
}) {
  const close = usePopoverClose()
  return (
    <MenuRow
      testId={testId}
      onClick={() => {
        close()
        onClick()
      }}
    >
      {children}
    </MenuRow>
  )
}

/** The admin context menu of the selection bar (spec §6): quick match, re-scan, download (≤ 40 items). */
export function SelectionMenu({
  actions,
  disabled,
  onQuickMatch,
  onRescan,
  onDownload,
}: {
  actions: SelectionActions
  disabled: boolean
  onQuickMatch: () => void
  onRescan: () => void
  onDownload: () => void
}) {
  const { t } = useTranslation()
  return (
    <Popover
      label={t('LabelMoreActions')}
      buttonContent={<Icon name="more" className="size-5" />}
      buttonClassName="w-10 justify-center border-0 bg-transparent px-0 hover:bg-surface"
      align="end"
      panelClassName="w-48"
      disabled={disabled}
      testId="selection-menu"
    >
      {actions.quickMatch && (
        <ClosingRow testId="selection-quick-match" onClick={onQuickMatch}>
          {t('ButtonQuickMatch')}
        </ClosingRow>
      )}
      {actions.rescan && (
        <ClosingRow testId="selection-rescan" onClick={onRescan}>
          {t('ButtonReScan')}
        </ClosingRow>
      )}
      {actions.download && (
        <ClosingRow testId="selection-download" onClick={onDownload}>
          {t('ButtonDownload')}
        </ClosingRow>
      )}
    </Popover>
  )
}
