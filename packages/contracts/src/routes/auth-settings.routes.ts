import { z } from 'zod'
import {
  AuthSettings,
  OpenIDCallbackQuery,
  OpenIDConfigResponse,
  OpenIDStartQuery,
  UpdateAuthSettingsRequest,
  UpdateAuthSettingsResponse,
} from '../auth-settings.ts'
import { User } from '../entities/user.ts'
import { defineRoute, rawAnswer } from './route.ts'

const tag = 'Authentication settings and OpenID'

/** Password and OpenID Connect sign-in settings, and the OpenID flow itself (modules/auth/openid). */
export const authSettingsRoutes = {
  getSettings: defineRoute({
    method: 'GET',
    path: '/api/auth-settings',
    tag,
    summary: 'The sign-in settings (the OpenID client secret masked)',
    access: 'admin',
    answer: AuthSettings,
  }),
  updateSettings: defineRoute({
    method: 'PATCH',
    path: '/api/auth-settings',
    tag,
    summary:
      'Stores the given sign-in settings and applies them at once (the mask or an empty secret keeps the stored one)',
    access: 'admin',
    body: UpdateAuthSettingsRequest,
    answer: UpdateAuthSettingsResponse,
    errors: {
      400: 'A bad value, or password sign-in turned off while OpenID is not configured or its discovery fails',
    },
  }),
  openidConfig: defineRoute({
    method: 'GET',
    path: '/auth/openid/config',
    tag,
    summary: "Reads the issuer's .well-known/openid-configuration, to fill the settings form",
    access: 'admin',
    query: z.object({ issuer: z.string().trim().min(1, 'Issuer URL is required').max(2000) }),
    answer: OpenIDConfigResponse,
    errors: {
      400: 'Not an issuer URL, or the provider could not be reached or answered no discovery document',
    },
  }),
  openidStart: defineRoute({
    method: 'GET',
    path: '/auth/openid',
    tag,
    summary:
      'Starts OpenID sign-in: redirects to the provider (code flow with PKCE, state and nonce in short-lived cookies)',
    access: 'public',
    query: OpenIDStartQuery,
    answer: rawAnswer.redirect('To the provider’s authorization endpoint'),
    status: 302,
    errors: {
      400: 'OpenID is not enabled or configured, a callback outside this server, or a mobile redirect URI not allowed',
    },
  }),
  openidCallback: defineRoute({
    method: 'GET',
    path: '/auth/openid/callback',
    tag,
    summary:
      'The provider returns here: signs the user in (our own session). Web: redirects to `callback?setToken=…`; mobile: answers the login JSON',
    access: 'public',
    query: OpenIDCallbackQuery,
    answer: rawAnswer.redirect(
      'Web flow: to the callback with `setToken` and `accessToken` (or to the login page with `error`); mobile flow: the login answer as JSON',
    ),
    status: 302,
    errors: { 400: 'Mobile flow: the sign-in failed (its message)', 401: 'Mobile flow: the user is refused' },
  }),
  openidMobileRedirect: defineRoute({
    method: 'GET',
    path: '/auth/openid/mobile-redirect',
    tag,
    summary:
      "The provider returns here in the mobile flow: bounces the code to the app's allowed redirect URI",
    access: 'public',
    query: OpenIDCallbackQuery,
    answer: rawAnswer.redirect('To the app’s redirect URI with `code` and `state`'),
    status: 302,
    errors: { 400: 'No mobile sign-in in progress, or its redirect URI is not allowed' },
  }),
  unlink: defineRoute({
    method: 'PATCH',
    path: '/api/users/:id/openid-unlink',
    tag,
    summary: 'Removes the account’s OpenID link (its `sub`); the account keeps everything else',
    access: 'admin',
    params: z.object({ id: z.string().min(1).max(100) }),
    answer: z.object({ user: User }),
    errors: { 404: 'No such user' },
  }),
} as const
