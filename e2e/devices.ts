/** The two widths every screen is checked at: a phone (375 px, touch, a mobile browser) and a desktop (1280 px). */
export const PHONE_USER_AGENT =
  'Mozilla/5.0 (Linux; Android 14; Pixel 8) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/131.0.0.0 Mobile Safari/537.36'

export const PHONE = {
  viewport: { width: 375, height: 812 },
  isMobile: true,
  hasTouch: true,
  userAgent: PHONE_USER_AGENT,
} as const

export const DESKTOP = { viewport: { width: 1280, height: 800 } } as const
