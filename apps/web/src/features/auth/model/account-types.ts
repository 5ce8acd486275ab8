import type { UserType } from '@shelfcast/contracts'

/** en-us keys of the account type names (Root, Admin, User, Guest). */
export const accountTypeKeys: Record<UserType, string> = {
  root: 'LabelAccountTypeRoot',
  admin: 'LabelAccountTypeAdmin',
  user: 'LabelAccountTypeUser',
  guest: 'LabelAccountTypeGuest',
}
