/** A starter blog post; dates are relative so the blog always looks current. */
export interface BlogPostSeed {
  /** Also the cover art seed: the image is /api/media/cover/<slug>. */
  slug: string;
  title: string;
  excerpt: string;
  author: string;
  category: 'General' | 'Dating Tips' | 'Features' | 'Community' | 'Success Stories';
  tags: string[];
  daysAgo: number;
  featured?: boolean;
  published?: boolean;
  /** Trusted HTML: headings, paragraphs, lists, emphasis and quotes only. */
  content: string;
}
