import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Button, ConfirmPrompt } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useRemoveIssues } from '../care-api.ts'
import { formatNumber } from '@/lib/format.ts'

/**
 * The Issues filter's "Remove all" (admins): after a confirm the library's missing and invalid items leave the
 * database (their files stay); the list and the side rail's Issues count refetch.
 */
export function RemoveIssuesButton({ libraryId, count }: { libraryId: string; count: number }) {
  const { t } = useTranslation()
  const remove = useRemoveIssues(libraryId)
  const [asking, setAsking] = useState(false)
  const formatted = formatNumber(count)
  const label = t('ButtonRemoveAllIssues', { count, formatted })

  // mutateAsync: the button leaves the page once the list is empty, and mutate's own callbacks would not run then.
  const confirm = () =>
    remove
      .mutateAsync()
      .then(() => toast.success(t('ToastRemoveAllIssuesSuccess')))
      .catch((error: unknown) => toast.error(`${t('ToastRemoveFailed')}: ${errorMessage(error, t)}`))
      .finally(() => setAsking(false))

  return (
    <>
      <Button
        variant="secondary"
        onClick={() => setAsking(true)}
        loading={remove.isPending}
        data-testid="remove-issues"
      >
        {label}
      </Button>
      <ConfirmPrompt
        open={asking}
        title={label}
        message={t('MessageConfirmRemoveAllIssues', { formatted })}
        yesLabel={t('ButtonRemove')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        processing={remove.isPending}
        onConfirm={() => void confirm()}
        onCancel={() => setAsking(false)}
        testId="remove-issues-confirm"
      />
    </>
  )
}
