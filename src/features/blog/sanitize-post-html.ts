import DOMPurify from 'dompurify';

// Images in a post body load lazily and, without alt text, count as decoration
// (a screen reader would otherwise read the file name).
DOMPurify.addHook('afterSanitizeAttributes', (node) => {
  if (node.tagName !== 'IMG') return;
  if (!node.hasAttribute('alt')) node.setAttribute('alt', '');
  node.setAttribute('loading', 'lazy');
});

/**
 * The second line of defence (the server already sanitised on write): only
 * formatting survives, whatever is in the database. No scripts, event
 * handlers, javascript: URLs, styles, forms or embedded frames.
 */
export function sanitizePostHtml(html: string): string {
  return DOMPurify.sanitize(html, {
    USE_PROFILES: { html: true },
    FORBID_TAGS: ['style', 'iframe', 'frame', 'object', 'embed', 'form', 'input', 'button', 'textarea', 'select', 'svg', 'math'],
    FORBID_ATTR: ['style', 'srcset'],
    ALLOW_DATA_ATTR: false,
  });
}
