import { useTranslation } from 'react-i18next'
import { Icon, Menu, MenuRow } from '@/components/ui/index.ts'
import type { SelectionActions } from '../model/selection-actions.ts'

/** The admin context menu of the selection bar (spec §6): quick match, quick embed, re-scan, download (≤ 40 items). */
export function SelectionMenu({
  actions,
  disabled,
  onQuickMatch,
  onQuickEmbed,
  onRescan,
  onDownload,
}: {
  actions: SelectionActions
  disabled: boolean
  onQuickMatch: () => void
  onQuickEmbed: () => void
  onRescan: () => void
  onDownload: () => void
}) {
  const { t } = useTranslation()
  return (
    <Menu
      label={t('LabelMoreActions')}
      buttonContent={<Icon name="more" className="size-5" />}
      buttonClassName="w-10 justify-center border-0 bg-transparent px-0 hover:bg-surface"
      align="end"
      panelClassName="w-48"
      disabled={disabled}
      testId="selection-menu"
    >
      {actions.quickMatch && (
        <MenuRow testId="selection-quick-match" onClick={onQuickMatch}>
          {t('ButtonQuickMatch')}
        </MenuRow>
      )}
      {actions.quickEmbed && (
        <MenuRow testId="selection-quick-embed" onClick={onQuickEmbed}>
          {t('ButtonQuickEmbed')}
        </MenuRow>
      )}
      {actions.rescan && (
        <MenuRow testId="selection-rescan" onClick={onRescan}>
          {t('ButtonReScan')}
        </MenuRow>
      )}
      {actions.download && (
        <MenuRow testId="selection-download" onClick={onDownload}>
          {t('ButtonDownload')}
        </MenuRow>
      )}
    </Menu>
  )
}
