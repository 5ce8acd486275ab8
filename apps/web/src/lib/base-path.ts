/**
 * The server serves index.html with `<base href="${ROUTER_BASE_PATH}/">`. The base path we route,
 * call the API and open the socket under is that href's path without its trailing slash ('' at root).
 */
export function routerBasePathFromBaseUri(baseUri: string): string {
  const pathname = new URL(baseUri).pathname
  return pathname.replace(/\/+$/, '')
}

export function currentRouterBasePath(): string {
  return routerBasePathFromBaseUri(document.baseURI)
}
