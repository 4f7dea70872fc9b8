/** SPEC section 4: logout sends the browser home with a full reload (a module of its own so tests can replace it). */
export function reloadHome(): void {
  window.location.assign('/');
}
