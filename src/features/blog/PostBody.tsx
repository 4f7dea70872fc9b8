import { useMemo } from 'react';
import styled from 'styled-components';
import { px } from '../../ui';
import { sanitizePostHtml } from './sanitize-post-html';

/** The post's HTML, sanitised again on render and set in readable type. */
export function PostBody({ html }: { html: string }) {
  const safeHtml = useMemo(() => sanitizePostHtml(html), [html]);
  return <Prose dangerouslySetInnerHTML={{ __html: safeHtml }} />;
}

const Prose = styled.div`
  color: ${({ theme }) => theme.colors.neutralText};
  font-size: ${({ theme }) => px(theme.font.sizes.md)};
  line-height: 1.75;

  & > * + * {
    margin-top: ${({ theme }) => px(theme.space[4])};
  }

  & h2,
  & h3,
  & h4 {
    margin-top: ${({ theme }) => px(theme.space[8])};
    color: ${({ theme }) => theme.colors.text};
    line-height: ${({ theme }) => theme.font.lineHeights.tight};
  }

  & h2 {
    font-size: ${({ theme }) => px(theme.font.sizes.xl)};
  }

  & h3 {
    font-size: ${({ theme }) => px(theme.font.sizes.lg)};
  }

  & ul,
  & ol {
    padding-left: ${({ theme }) => px(theme.space[6])};
  }

  & li + li {
    margin-top: ${({ theme }) => px(theme.space[2])};
  }

  & blockquote {
    padding: ${({ theme }) => `${px(theme.space[4])} ${px(theme.space[6])}`};
    border-left: ${({ theme }) => px(theme.space[1])} solid ${({ theme }) => theme.colors.pink};
    border-radius: 0 ${({ theme }) => px(theme.radii.input)} ${({ theme }) => px(theme.radii.input)} 0;
    background: ${({ theme }) => theme.colors.pinkTint};
    color: ${({ theme }) => theme.colors.text};
    font-style: italic;
  }

  & a {
    color: ${({ theme }) => theme.colors.purpleDark};
  }

  & img {
    height: auto;
    border-radius: ${({ theme }) => px(theme.radii.card)};
  }

  & pre {
    overflow-x: auto;
    padding: ${({ theme }) => px(theme.space[4])};
    border-radius: ${({ theme }) => px(theme.radii.input)};
    background: ${({ theme }) => theme.colors.neutralTint};
  }

  & table {
    display: block;
    overflow-x: auto;
    border-collapse: collapse;
  }

  & th,
  & td {
    padding: ${({ theme }) => px(theme.space[2])};
    border: 1px solid ${({ theme }) => theme.colors.border};
  }
`;
