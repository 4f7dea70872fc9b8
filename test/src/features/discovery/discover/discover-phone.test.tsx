import { configure, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';
import type { DiscoverResponse } from '../../../../../contract/discovery';
import { filterSummary } from '../../../../../src/features/discovery/discover/DiscoverFilterPanel';
import { mediaConditions } from '../../../../../src/ui';
import { fakeMediaConditions } from '../../../support/fake-media';
import { json, renderApp } from '../../../support/render-app';
import { candidate, mockShellApi, signInAsUser } from './fixtures';

configure({ asyncUtilTimeout: 5000 });

const BEN = candidate('aaaaaaaa-0000-4000-8000-00000000000b', 'Ben', { gender: 'male' });
const PAGE: DiscoverResponse = { users: [BEN], page: 1, totalPages: 1, total: 1, totalIsExact: true };

/** A window narrower than a tablet until widened. */
function fakeViewport() {
  const media = fakeMediaConditions([mediaConditions.belowTablet]);
  return { widen: () => media.set(mediaConditions.belowTablet, false), restore: () => media.restore() };
}

let viewport: ReturnType<typeof fakeViewport>;
beforeEach(() => {
  localStorage.clear();
  signInAsUser();
  viewport = fakeViewport();
});
afterEach(() => {
  viewport.restore();
  localStorage.clear();
});

describe('Discover filters on a phone', () => {
  it('fold behind a Filters button that sums up what is applied, and fold again after applying', async () => {
    const queries: Array<Record<string, string>> = [];
    mockShellApi({
      'GET /api/users': (url) => {
        queries.push(Object.fromEntries(url.searchParams));
        return json(200, PAGE);
      },
    });
    renderApp('/users');
    await screen.findByRole('article', { name: 'Ben, 29' });
    const toggle = screen.getByRole('button', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-expanded', 'false');
    expect(screen.getByText('Gender: All · Age: any')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Filters' })).not.toBeInTheDocument();

    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute('aria-expanded', 'true');
    const form = screen.getByRole('form', { name: 'Filters' });
    expect(toggle).toHaveAttribute('aria-controls', form.id);

    await userEvent.selectOptions(screen.getByLabelText('Gender'), 'male');
    await userEvent.type(screen.getByLabelText('Min age'), '25');
    await userEvent.type(screen.getByLabelText('Max age'), '35');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    await waitFor(() => expect(queries.at(-1)).toMatchObject({ gender: 'male', minAge: '25', maxAge: '35' }));
    expect(await screen.findByText('Gender: male · Age: 25–35')).toBeInTheDocument();
    expect(screen.queryByRole('form', { name: 'Filters' })).not.toBeInTheDocument();
    const foldedToggle = screen.getByRole('button', { name: 'Filters' });
    expect(foldedToggle).toHaveAttribute('aria-expanded', 'false');
    expect(foldedToggle).toHaveFocus();
  });

  it('stay open while the ages are wrong, and show in full once the window is wide', async () => {
    mockShellApi({ 'GET /api/users': () => json(200, PAGE) });
    renderApp('/users');
    await screen.findByRole('article', { name: 'Ben, 29' });
    await userEvent.click(screen.getByRole('button', { name: 'Filters' }));
    await userEvent.type(screen.getByLabelText('Min age'), '40');
    await userEvent.type(screen.getByLabelText('Max age'), '30');
    await userEvent.click(screen.getByRole('button', { name: 'Apply Filters' }));
    expect(screen.getByLabelText('Min age')).toHaveAccessibleDescription('Min age must not be more than max age');
    expect(screen.getByRole('button', { name: 'Filters' })).toHaveAttribute('aria-expanded', 'true');

    viewport.widen();
    expect(screen.queryByRole('button', { name: 'Filters' })).not.toBeInTheDocument();
    expect(screen.getByRole('form', { name: 'Filters' })).toBeInTheDocument();
  });

  it('sum up one-sided age ranges', () => {
    expect(filterSummary({ gender: 'female', minAge: 20 })).toBe('Gender: female · Age: 20+');
    expect(filterSummary({ maxAge: 30 })).toBe('Gender: All · Age: up to 30');
  });
});
