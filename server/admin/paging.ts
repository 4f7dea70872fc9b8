/** Offset and page count for a 1-based page of `limit` rows. */
export function pageWindow(page: number, limit: number): { offset: number; limit: number } {
  return { offset: (page - 1) * limit, limit };
}

/** An empty list still has one (empty) page, so 'Showing page 1 of 1' reads right. */
export function totalPagesFor(total: number, limit: number): number {
  return Math.max(1, Math.ceil(total / limit));
}

/** `%` and `_` typed by an operator are searched for literally, not as wildcards. */
export function containsPattern(text: string): string {
  return `%${text.replace(/[\\%_]/g, (character) => `\\${character}`)}%`;
}
