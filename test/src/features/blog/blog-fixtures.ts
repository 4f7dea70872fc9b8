import type { BlogListResponse, BlogPost } from '../../../../contract/blog/posts';

let sequence = 0;

/** A published post as the API sends it; ids are valid UUIDs like the server's. */
export function makePost(overrides: Partial<BlogPost> = {}): BlogPost {
  sequence += 1;
  const suffix = String(sequence).padStart(12, '0');
  return {
    _id: `00000000-0000-4000-8000-${suffix}`,
    title: `Post number ${sequence}`,
    excerpt: `Excerpt of post ${sequence}.`,
    content: `<p>Body of post ${sequence}.</p>`,
    author: 'Meera Kapoor',
    date: '2026-03-01T09:00:00.000Z',
    readTime: '4 min read',
    image: `/api/media/cover/post-${sequence}`,
    category: 'Dating Tips',
    tags: ['first date'],
    published: true,
    featured: false,
    ...overrides,
  };
}

/** A page of the public list as the API sends it: posts without their body. */
export function listBody(posts: BlogPost[], { page = 1, total = posts.length, limit = 9 } = {}): BlogListResponse {
  const summaries = posts.map(({ content: _body, ...summary }) => summary);
  return { success: true, posts: summaries, currentPage: page, totalPages: Math.max(1, Math.ceil(total / limit)), total };
}

export const categoriesBody = {
  success: true,
  data: { categories: ['General', 'Dating Tips', 'Features', 'Community', 'Success Stories'] },
};
