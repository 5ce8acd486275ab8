import type { User } from '@shelfcast/contracts'
import { useState } from 'react'
import { useTranslation } from 'react-i18next'
import { Badge, Button, ConfirmPrompt } from '@/components/ui/index.ts'
import { errorMessage } from '@/lib/error-message.ts'
import { toast } from '@/lib/toast-store.ts'
import { useUnlinkOpenId } from '../api.ts'

/** "Linked to OpenID" and its Unlink button (with a confirm), for an account an OpenID sign-in is tied to. */
export function OpenIdLink({ user }: { user: User }) {
  const { t } = useTranslation()
  const unlink = useUnlinkOpenId()
  const [linked, setLinked] = useState(user.hasOpenIDLink)
  const [confirming, setConfirming] = useState(false)
  if (!linked) return null

  const confirm = () =>
    unlink.mutate(user.id, {
      onSuccess: () => {
        setConfirming(false)
        setLinked(false)
        toast.success(t('ToastOpenIdUnlinked'))
      },
      onError: (error) => {
        setConfirming(false)
        toast.error(`${t('ToastOpenIdUnlinkFailed')}: ${errorMessage(error, t)}`)
      },
    })

  return (
    <div className="flex flex-wrap items-center gap-3 sm:col-span-2" data-testid="user-openid-link">
      <Badge>{t('LabelLinkedToOpenId')}</Badge>
      <Button variant="secondary" onClick={() => setConfirming(true)} data-testid="user-openid-unlink">
        {t('ButtonUnlinkOpenId')}
      </Button>
      <ConfirmPrompt
        open={confirming}
        title={t('ButtonUnlinkOpenId')}
        message={t('MessageConfirmUnlinkOpenId', { username: user.username })}
        yesLabel={t('ButtonUnlinkOpenId')}
        noLabel={t('ButtonCancel')}
        closeLabel={t('ButtonClose')}
        yesVariant="danger"
        processing={unlink.isPending}
        onConfirm={confirm}
        onCancel={() => setConfirming(false)}
        testId="user-openid-unlink-confirm"
      />
    </div>
  )
}
