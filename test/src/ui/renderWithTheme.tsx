import type { ReactElement } from 'react';
import { render, type RenderOptions } from '@testing-library/react';
import { ThemeRoot } from '../../../src/ui/ThemeRoot';

/** Renders inside Orbit's ThemeRoot, as the app does; styled components need the theme. */
export function renderWithTheme(ui: ReactElement, options?: Omit<RenderOptions, 'wrapper'>) {
  return render(ui, { wrapper: ThemeRoot, ...options });
}
