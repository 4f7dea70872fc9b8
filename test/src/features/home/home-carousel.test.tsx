import { render, screen } from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';
import { HomeCarousel } from '../../../../src/features/home/HomeCarousel';
import { mediaConditions, ThemeRoot } from '../../../../src/ui';
import { fakeMediaConditions } from '../../support/fake-media';

// The carousel's own flow is walked in test/machines/carousel.machine.test.tsx;
// here, the page's carousel follows the visitor's reduced-motion setting.

let media: ReturnType<typeof fakeMediaConditions> | undefined;
afterEach(() => media?.restore());

function renderOwnCarousel() {
  render(
    <ThemeRoot>
      <HomeCarousel />
    </ThemeRoot>,
  );
}

describe("Home's carousel and reduced motion", () => {
  it('starts paused when the visitor already asks for less motion', () => {
    media = fakeMediaConditions([mediaConditions.reducedMotion]);
    renderOwnCarousel();
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
  });

  it('stops rotating as soon as the setting is turned on mid-visit, and does not restart on its own when it is turned off', () => {
    media = fakeMediaConditions();
    renderOwnCarousel();
    expect(screen.getByRole('button', { name: 'Pause slideshow' })).toBeInTheDocument();

    media.set(mediaConditions.reducedMotion, true);
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();

    media.set(mediaConditions.reducedMotion, false);
    expect(screen.getByRole('button', { name: 'Play slideshow' })).toBeInTheDocument();
  });
});
