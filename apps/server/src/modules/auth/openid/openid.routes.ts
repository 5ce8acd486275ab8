import { authSettingsRoutes as routes } from '@shelfcast/contracts'
import type { FastifyInstance } from 'fastify'
import type { AppContext } from '../../../context.ts'
import { badRequest } from '../../../http/errors.ts'
import { serveRoute } from '../../../http/serve-route.ts'

const notYet = () => {
  throw badRequest('OpenID sign-in is not configured')
}

/** The Authentication settings and the OpenID Connect flow. */
export function registerOpenIDRoutes(app: FastifyInstance, ctx: Pick<AppContext, 'settings'>) {
  serveRoute(app, routes.getSettings, async () => {
    const s = await ctx.settings.getServerSettings()
    return {
      authLoginCustomMessage: s.authLoginCustomMessage,
      authActiveAuthMethods: s.authActiveAuthMethods,
      authOpenIDIssuerURL: s.authOpenIDIssuerURL,
      authOpenIDAuthorizationURL: s.authOpenIDAuthorizationURL,
      authOpenIDTokenURL: s.authOpenIDTokenURL,
      authOpenIDUserInfoURL: s.authOpenIDUserInfoURL,
      authOpenIDJwksURL: s.authOpenIDJwksURL,
      authOpenIDLogoutURL: s.authOpenIDLogoutURL,
      authOpenIDClientID: null,
      authOpenIDClientSecret: null,
      authOpenIDTokenSigningAlgorithm: s.authOpenIDTokenSigningAlgorithm,
      authOpenIDButtonText: s.authOpenIDButtonText,
      authOpenIDAutoLaunch: s.authOpenIDAutoLaunch,
      authOpenIDAutoRegister: s.authOpenIDAutoRegister,
      authOpenIDMatchExistingBy: null,
      authOpenIDMobileRedirectURIs: ['audiobookshelf://oauth'],
      authOpenIDGroupClaim: '',
      authOpenIDAdvancedPermsClaim: '',
      authOpenIDSubfolderForRedirectURLs: null,
    }
  })
  serveRoute(app, routes.updateSettings, notYet)
  serveRoute(app, routes.openidConfig, notYet)
  serveRoute(app, routes.openidStart, notYet)
  serveRoute(app, routes.openidCallback, notYet)
  serveRoute(app, routes.openidMobileRedirect, notYet)
  serveRoute(app, routes.unlink, notYet)
}
