import sanitizeHtml from 'sanitize-html';

/**
 * Post bodies are written by admins but shown to everyone, so what is stored
 * is reduced to an allow-list of formatting tags: no scripts, no event
 * handlers, no javascript: URLs, no iframes or embeds. The web app sanitises
 * again before rendering (defence in depth).
 */
const POST_HTML_OPTIONS: sanitizeHtml.IOptions = {
  allowedTags: [
    'p', 'br', 'hr', 'h2', 'h3', 'h4', 'strong', 'b', 'em', 'i', 'u', 's', 'small', 'mark',
    'blockquote', 'q', 'cite', 'ul', 'ol', 'li', 'a', 'img', 'figure', 'figcaption', 'code', 'pre',
    'table', 'thead', 'tbody', 'tr', 'th', 'td',
  ],
  allowedAttributes: {
    a: ['href', 'title', 'target', 'rel'],
    img: ['src', 'alt', 'width', 'height', 'loading'],
    th: ['scope'],
    td: ['colspan', 'rowspan'],
    ol: ['start'],
  },
  allowedSchemes: ['http', 'https', 'mailto'],
  allowedSchemesByTag: { img: ['http', 'https'] },
  allowProtocolRelative: false,
  // The post title is the page's only h1; a body h1 becomes a section heading.
  transformTags: {
    h1: 'h2',
    // An image without alt text is read out by its file name; untitled ones are taken as decoration.
    img: (tagName, attribs) => ({ tagName, attribs: { alt: '', ...attribs } }),
    a: (tagName, attribs) => ({
      tagName,
      attribs: attribs.target === '_blank' ? { ...attribs, rel: 'noopener noreferrer' } : attribs,
    }),
  },
  // Script and style contents are dropped whole, not turned into visible text.
  disallowedTagsMode: 'discard',
  nonTextTags: ['script', 'style', 'textarea', 'option', 'noscript', 'iframe', 'object', 'embed', 'template'],
};

export function sanitizePostHtml(html: string): string {
  return sanitizeHtml(html, POST_HTML_OPTIONS).trim();
}
