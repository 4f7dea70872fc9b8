import { screen } from '@testing-library/react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import { RevealedNotice } from '../../../../src/features/admin/shared/RevealedNotice';
import { renderWithTheme } from '../../ui/renderWithTheme';

const jsdomScrollIntoView = Object.getOwnPropertyDescriptor(Element.prototype, 'scrollIntoView');
afterEach(() => {
  if (jsdomScrollIntoView) Object.defineProperty(Element.prototype, 'scrollIntoView', jsdomScrollIntoView);
  else delete (Element.prototype as Partial<Element>).scrollIntoView;
});

describe('RevealedNotice', () => {
  it('scrolls itself into view when it appears and when its message changes, not on every render', () => {
    // jsdom does not scroll; record what is asked to.
    const scrolled: string[] = [];
    Element.prototype.scrollIntoView = vi.fn(function record(this: Element) {
      scrolled.push(this.textContent ?? '');
    });
    const view = renderWithTheme(<RevealedNotice tone="success">Blog post saved successfully</RevealedNotice>);
    expect(screen.getByRole('status')).toHaveTextContent('Blog post saved successfully');
    expect(scrolled).toEqual(['Blog post saved successfully']);

    view.rerender(<RevealedNotice tone="success">Blog post saved successfully</RevealedNotice>);
    expect(scrolled).toHaveLength(1);

    view.rerender(<RevealedNotice tone="error">Failed to save blog post: Title is required</RevealedNotice>);
    expect(screen.getByRole('alert')).toHaveTextContent('Failed to save blog post: Title is required');
    expect(scrolled).toEqual(['Blog post saved successfully', 'Failed to save blog post: Title is required']);
  });
});
