import { keepPreviousData, queryOptions } from '@tanstack/react-query';
import type {
  AdminBlogListResponse,
  BlogCategoriesResponse,
  BlogListResponse,
  BlogMessageResponse,
  BlogPostResponse,
  AdminBlogListQuery,
  BlogListQuery,
  BlogPostInput,
} from '../../../contract/blog/posts';
import { DEFAULT_BLOG_PAGE_SIZE } from '../../../contract/constants';
import { apiRequest } from '../client';

/** SPEC section 8 fallback texts for the blog. */
export const BLOG_MESSAGES = {
  list: 'Failed to fetch blog posts',
  post: 'Failed to fetch blog post',
  create: 'Failed to create blog post',
  update: 'Failed to update blog post',
  remove: 'Failed to delete blog post',
  categories: 'Failed to fetch blog categories',
} as const;


/** The blog's query keys; every one starts with `all`, so a write can refresh them all at once. */
export const blogKeys = {
  all: ['blog'] as const,
  list: (params: { page: number; limit: number; category: string | null }) => ['blog', 'list', params] as const,
  post: (id: string) => ['blog', 'post', id] as const,
  categories: () => ['blog', 'categories'] as const,
  admin: (params: { page: number; limit: number; category: string | null; published: boolean | null }) => ['blog', 'admin', params] as const,
};

export const blogListQueryOptions = ({ page = 1, limit = DEFAULT_BLOG_PAGE_SIZE, category }: BlogListQuery = {}) =>
  queryOptions({
    queryKey: blogKeys.list({ page, limit, category: category ?? null }),
    queryFn: ({ signal }) =>
      apiRequest<BlogListResponse>('/blog', { query: { page, limit, category }, fallbackMessage: BLOG_MESSAGES.list, signal }),
    // Paging keeps the current cards on screen until the next page arrives.
    placeholderData: keepPreviousData,
  });

export const blogPostQueryOptions = (id: string) =>
  queryOptions({
    queryKey: blogKeys.post(id),
    queryFn: async ({ signal }) => {
      const body = await apiRequest<BlogPostResponse>(`/blog/${encodeURIComponent(id)}`, {
        fallbackMessage: BLOG_MESSAGES.post,
        signal,
      });
      return body.data.post;
    },
  });

export const blogCategoriesQueryOptions = () =>
  queryOptions({
    queryKey: blogKeys.categories(),
    queryFn: async ({ signal }) => {
      const body = await apiRequest<BlogCategoriesResponse>('/blog/categories', {
        fallbackMessage: BLOG_MESSAGES.categories,
        signal,
      });
      return body.data.categories;
    },
    staleTime: 5 * 60_000,
  });

/** Admin list: every post, published or not (SPEC section 7, default 10 a page). */
export const adminBlogListQueryOptions = ({ page = 1, limit = DEFAULT_BLOG_PAGE_SIZE, category, published }: AdminBlogListQuery = {}) =>
  queryOptions({
    queryKey: blogKeys.admin({ page, limit, category: category ?? null, published: published ?? null }),
    queryFn: ({ signal }) =>
      apiRequest<AdminBlogListResponse>('/blog/admin/all', {
        query: { page, limit, category, published },
        fallbackMessage: BLOG_MESSAGES.list,
        signal,
      }),
    placeholderData: keepPreviousData,
  });

export function createBlogPost(post: BlogPostInput) {
  return apiRequest<BlogMessageResponse>('/blog/admin', { method: 'POST', body: post, fallbackMessage: BLOG_MESSAGES.create });
}

export function updateBlogPost(id: string, post: BlogPostInput) {
  return apiRequest<BlogMessageResponse>(`/blog/admin/${encodeURIComponent(id)}`, {
    method: 'PUT',
    body: post,
    fallbackMessage: BLOG_MESSAGES.update,
  });
}

export function deleteBlogPost(id: string) {
  return apiRequest<BlogMessageResponse>(`/blog/admin/${encodeURIComponent(id)}`, {
    method: 'DELETE',
    fallbackMessage: BLOG_MESSAGES.remove,
  });
}
