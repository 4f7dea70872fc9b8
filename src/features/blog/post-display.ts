import type { BlogPost } from '../../../contract/blog/posts';

const POST_DATE_FORMAT = new Intl.DateTimeFormat('en-US', { dateStyle: 'long', timeZone: 'UTC' });

/** 'March 1, 2026': posts are dated by day, so the day is read in UTC everywhere. */
export function formatPostDate(iso: string): string {
  const date = new Date(iso);
  return Number.isNaN(date.getTime()) ? '' : POST_DATE_FORMAT.format(date);
}

/**
 * The post's cover as served by this app. The page may only load images from
 * its own origin (CSP), so a missing or off-site image becomes the post's
 * generated cover instead of a broken picture.
 */
export function postImageSrc(post: Pick<BlogPost, '_id' | 'image'>): string {
  if (post.image.startsWith('/') && !post.image.startsWith('//')) return post.image;
  return `/api/media/cover/${post._id.toLowerCase().replace(/[^a-z0-9-]/g, '').slice(0, 64) || 'blog'}`;
}
