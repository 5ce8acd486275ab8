/** Leaves the app for another page (the OpenID provider); its own module so tests can watch where it goes. */
export function leavePage(url: string): void {
  window.location.assign(url)
}
