import type { NewBlogPostRow } from '../../schema';
import { COMMUNITY_POSTS, GENERAL_POSTS } from './community-and-general';
import { DATING_TIPS_POSTS } from './dating-tips';
import { FEATURES_POSTS } from './features';
import type { BlogPostSeed } from './post-seed';
import { SUCCESS_STORY_POSTS } from './stories';

export const STARTER_BLOG_POSTS: readonly BlogPostSeed[] = [
  ...GENERAL_POSTS,
  ...DATING_TIPS_POSTS,
  ...FEATURES_POSTS,
  ...COMMUNITY_POSTS,
  ...SUCCESS_STORY_POSTS,
];

const DAY_MS = 24 * 60 * 60 * 1000;
const WORDS_PER_MINUTE = 200;

/** "N min read" from the visible words of the HTML body. */
export function estimateReadTime(html: string): string {
  const words = html.replace(/<[^>]+>/g, ' ').split(/\s+/).filter(Boolean).length;
  return `${Math.max(1, Math.round(words / WORDS_PER_MINUTE))} min read`;
}

/** Rows for the starter posts, dated relative to `now` (at 09:00 UTC, for tidy dates). */
export function buildStarterBlogPosts(now: Date): NewBlogPostRow[] {
  return STARTER_BLOG_POSTS.map((post) => {
    const date = new Date(now.getTime() - post.daysAgo * DAY_MS);
    date.setUTCHours(9, 0, 0, 0);
    const content = post.content.trim();
    return {
      title: post.title,
      excerpt: post.excerpt,
      content,
      author: post.author,
      date,
      readTime: estimateReadTime(content),
      image: `/api/media/cover/${post.slug}`,
      category: post.category,
      tags: post.tags,
      published: post.published ?? true,
      featured: post.featured ?? false,
      createdAt: date,
      updatedAt: date,
    };
  });
}
