import type { ReactNode } from 'react';
import { ThemeProvider } from 'styled-components';
import './fonts';
import { GlobalStyle } from './GlobalStyle';
import { theme } from './theme';

/** Wraps the app (and component tests) in Orbit's theme and global styles. */
export function ThemeRoot({ children }: { children: ReactNode }) {
  return (
    <ThemeProvider theme={theme}>
      <GlobalStyle />
      {children}
    </ThemeProvider>
  );
}
