/** `ids` with the one at `from` moved to `to` (the others keep their order). */
export function movedOrder(ids: readonly string[], from: number, to: number): string[] {
  const order = [...ids];
  const [moved] = order.splice(from, 1);
  if (moved === undefined) return order;
  order.splice(Math.max(0, Math.min(to, order.length)), 0, moved);
  return order;
}
