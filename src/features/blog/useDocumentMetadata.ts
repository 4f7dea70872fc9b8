import { useEffect } from 'react';

export interface DocumentMetadata {
  title: string;
  description: string;
  keywords: readonly string[];
  /** Absolute URL of this page. */
  canonicalUrl: string;
  /** Absolute URL of the share image. */
  imageUrl: string;
  /** Open Graph type, e.g. 'article'. */
  type: string;
  /** ISO date, for article:published_time. */
  publishedTime?: string;
  author?: string;
}

type HeadTag = { kind: 'meta'; attribute: 'name' | 'property'; key: string; content: string } | { kind: 'link'; rel: string; href: string };

function tagsFor(metadata: DocumentMetadata): HeadTag[] {
  const meta = (attribute: 'name' | 'property', key: string, content: string): HeadTag => ({ kind: 'meta', attribute, key, content });
  return [
    meta('name', 'description', metadata.description),
    meta('name', 'keywords', metadata.keywords.join(', ')),
    meta('property', 'og:title', metadata.title),
    meta('property', 'og:description', metadata.description),
    meta('property', 'og:type', metadata.type),
    meta('property', 'og:url', metadata.canonicalUrl),
    meta('property', 'og:image', metadata.imageUrl),
    ...(metadata.publishedTime ? [meta('property', 'article:published_time', metadata.publishedTime)] : []),
    ...(metadata.author ? [meta('property', 'article:author', metadata.author)] : []),
    meta('name', 'twitter:card', 'summary_large_image'),
    meta('name', 'twitter:title', metadata.title),
    meta('name', 'twitter:description', metadata.description),
    meta('name', 'twitter:image', metadata.imageUrl),
    { kind: 'link', rel: 'canonical', href: metadata.canonicalUrl },
  ];
}

/** Applies one tag and returns how to put the head back as it was. */
function applyTag(tag: HeadTag): () => void {
  const head = document.head;
  if (tag.kind === 'link') {
    let element = head.querySelector<HTMLLinkElement>(`link[rel="${tag.rel}"]`);
    const previous = element?.getAttribute('href') ?? null;
    const created = !element;
    element ??= Object.assign(document.createElement('link'), { rel: tag.rel });
    element.setAttribute('href', tag.href);
    if (created) head.append(element);
    const applied = element;
    return () => (created ? applied.remove() : previous === null ? applied.removeAttribute('href') : applied.setAttribute('href', previous));
  }
  let element = head.querySelector<HTMLMetaElement>(`meta[${tag.attribute}="${tag.key}"]`);
  const previous = element?.getAttribute('content') ?? null;
  const created = !element;
  if (!element) {
    element = document.createElement('meta');
    element.setAttribute(tag.attribute, tag.key);
    head.append(element);
  }
  element.setAttribute('content', tag.content);
  const applied = element;
  return () => (created ? applied.remove() : previous === null ? applied.removeAttribute('content') : applied.setAttribute('content', previous));
}

/**
 * Sets the document title, description, keywords, Open Graph, Twitter card
 * and canonical link while the component is mounted, and restores exactly
 * what was there before when it unmounts or the metadata changes.
 */
export function useDocumentMetadata(metadata: DocumentMetadata | null): void {
  const key = metadata ? JSON.stringify(metadata) : null;
  useEffect(() => {
    if (key === null) return;
    const current = JSON.parse(key) as DocumentMetadata;
    const previousTitle = document.title;
    document.title = current.title;
    const restores = tagsFor(current).map(applyTag);
    return () => {
      for (const restore of restores.reverse()) restore();
      document.title = previousTitle;
    };
  }, [key]);
}
