import { useTranslation } from 'react-i18next'
import { ToastList } from '../components/ui/index.ts'
import { useToastStore } from '../lib/toast-store.ts'

export function ToastHost() {
  const { t } = useTranslation()
  const toasts = useToastStore((s) => s.toasts)
  const dismiss = useToastStore((s) => s.dismiss)
  return <ToastList toasts={toasts} onClose={dismiss} closeLabel={t('ButtonClose')} />
}
