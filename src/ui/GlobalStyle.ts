import { createGlobalStyle } from 'styled-components';
import { px } from './theme';
import { visuallyHiddenStyles } from './VisuallyHidden';

export const GlobalStyle = createGlobalStyle`
  *, *::before, *::after {
    box-sizing: border-box;
  }

  * {
    margin: 0;
  }

  html {
    -webkit-text-size-adjust: 100%;
    text-size-adjust: 100%;
  }

  body {
    min-height: 100vh;
    min-height: 100dvh;
    font-family: ${({ theme }) => theme.font.family};
    font-size: ${({ theme }) => px(theme.font.sizes.md)};
    line-height: ${({ theme }) => theme.font.lineHeights.base};
    color: ${({ theme }) => theme.colors.text};
    background: ${({ theme }) => theme.colors.surfaceAlt};
    -webkit-font-smoothing: antialiased;
    /* A safety net only: components are responsive so nothing should overflow. */
    overflow-x: clip;
  }

  img, picture, video, canvas, svg {
    display: block;
    max-width: 100%;
  }

  input, button, textarea, select {
    font: inherit;
    color: inherit;
  }

  p, h1, h2, h3, h4, h5, h6 {
    overflow-wrap: break-word;
  }

  h1, h2, h3, h4 {
    line-height: ${({ theme }) => theme.font.lineHeights.tight};
  }

  a {
    color: ${({ theme }) => theme.colors.purple};
  }

  :focus-visible {
    outline: ${({ theme }) => px(theme.sizes.focusRing)} solid ${({ theme }) => theme.colors.purple};
    outline-offset: ${({ theme }) => px(theme.sizes.focusRing)};
  }

  .visually-hidden {
    ${visuallyHiddenStyles}
  }

  ${({ theme }) => theme.media.reducedMotion} {
    *, *::before, *::after {
      animation-duration: 0.01ms !important;
      animation-iteration-count: 1 !important;
      transition-duration: 0.01ms !important;
      scroll-behavior: auto !important;
    }
  }
`;
