import type { BlogPost, BlogPostInput } from '../../../../contract/blog/posts';
import { DEFAULT_BLOG_CATEGORY, DEFAULT_READ_TIME } from '../../../../contract/constants';

/** The add/edit form as the inputs hold it: text everywhere, tags as one comma-separated line. */
export interface BlogFormValues {
  title: string;
  excerpt: string;
  content: string;
  author: string;
  /** YYYY-MM-DD, what a date input gives. */
  date: string;
  readTime: string;
  image: string;
  category: string;
  tags: string;
  published: boolean;
  featured: boolean;
}

/** SPEC section 5: tags are entered comma-separated, each trimmed, empty ones dropped. */
export function parseTags(text: string): string[] {
  return text
    .split(',')
    .map((tag) => tag.trim())
    .filter((tag) => tag !== '');
}

/** Today as YYYY-MM-DD in the admin's own time zone (a date input shows local dates). */
export function localDateInputValue(now: Date): string {
  const month = String(now.getMonth() + 1).padStart(2, '0');
  const day = String(now.getDate()).padStart(2, '0');
  return `${now.getFullYear()}-${month}-${day}`;
}

/** SPEC section 3 defaults for a new post: '5 min read', General, published, not featured. */
export function blankPost(now: Date): BlogPostInput {
  return {
    title: '',
    excerpt: '',
    content: '',
    author: '',
    date: localDateInputValue(now),
    readTime: DEFAULT_READ_TIME,
    image: '',
    category: DEFAULT_BLOG_CATEGORY,
    tags: [],
    published: true,
    featured: false,
  };
}

/** An existing post as the form edits it; the stored timestamp becomes its calendar date. */
export function postToInput(post: BlogPost): BlogPostInput {
  return {
    title: post.title,
    excerpt: post.excerpt,
    content: post.content,
    author: post.author,
    date: post.date.slice(0, 10),
    readTime: post.readTime,
    image: post.image,
    category: post.category,
    tags: post.tags,
    published: post.published,
    featured: post.featured,
  };
}

export function inputToFormValues(input: BlogPostInput): BlogFormValues {
  return {
    title: input.title,
    excerpt: input.excerpt ?? '',
    content: input.content ?? '',
    author: input.author ?? '',
    date: input.date?.slice(0, 10) ?? '',
    readTime: input.readTime ?? DEFAULT_READ_TIME,
    image: input.image ?? '',
    category: input.category ?? DEFAULT_BLOG_CATEGORY,
    tags: (input.tags ?? []).join(', '),
    published: input.published ?? true,
    featured: input.featured ?? false,
  };
}

/** What the form sends: trimmed text, parsed tags, SPEC defaults for what was left empty. */
export function formValuesToInput(values: BlogFormValues): BlogPostInput {
  const date = values.date.trim();
  return {
    title: values.title.trim(),
    excerpt: values.excerpt.trim(),
    content: values.content,
    author: values.author.trim(),
    ...(date ? { date } : {}),
    readTime: values.readTime.trim() || DEFAULT_READ_TIME,
    image: values.image.trim(),
    category: values.category.trim() || DEFAULT_BLOG_CATEGORY,
    tags: parseTags(values.tags),
    published: values.published,
    featured: values.featured,
  };
}
