import { optionalInteger, optionalText } from '../../search-params';

/**
 * The blog list's place in the URL (`/blog?page=2&category=Dating%20Tips`), so
 * back/forward and shared links work. Bad values fall back instead of failing.
 */
export interface BlogListSearch {
  page?: number;
  category?: string;
}

export function readBlogListSearch(search: Record<string, unknown>): BlogListSearch {
  return { page: optionalInteger(search.page, 1, 10_000), category: optionalText(search.category, 50) };
}

declare module '@tanstack/history' {
  interface HistoryState {
    /** Set when a post is opened from the list, so 'Back to Blog' can go back to that page. */
    blogListSearch?: BlogListSearch;
  }
}
