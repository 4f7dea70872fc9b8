import { z } from 'zod';

/**
 * The blog list's place in the URL (`/blog?page=2&category=Dating%20Tips`), so
 * back/forward and shared links work. Bad values fall back instead of failing.
 */
export const blogListSearchSchema = z.object({
  page: z.number().int().min(1).max(10_000).optional().catch(undefined),
  category: z.string().trim().min(1).max(50).optional().catch(undefined),
});
export type BlogListSearch = z.infer<typeof blogListSearchSchema>;

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set when a post is opened from the list, so 'Back to Blog' can go back to that page. */
    blogListSearch?: BlogListSearch;
  }
}
