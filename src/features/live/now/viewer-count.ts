/** "1 viewer", "3 viewers": how every live screen and card says how many are watching. */
export function viewerCountText(viewers: number): string {
  return `${viewers} ${viewers === 1 ? 'viewer' : 'viewers'}`;
}
