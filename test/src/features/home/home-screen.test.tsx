import { beforeEach, describe, expect, it, vi } from 'vitest';
import { screen, waitFor, within } from '@testing-library/react';
import { json, mockApi, renderApp } from '../../support/render-app';
import { listBody, makePost } from '../blog/blog-fixtures';

// The radar belongs to the discovery screens and has its own tests.
vi.mock('../../../../src/features/discovery/radar/HomeRadar', () => ({ HomeRadar: () => <p>Radar goes here</p> }));

const DEFAULT_TITLE = 'Meet people worth orbiting';
const DEFAULT_SUBTITLE_START = 'Discover singles nearby on the radar';

/** A pricing line without its decorative ✓ / ✕ mark (hidden from screen readers). */
const visibleItemText = (item: HTMLElement) =>
  [...item.childNodes].filter((node) => !(node instanceof HTMLElement && node.getAttribute('aria-hidden') === 'true')).map((node) => node.textContent).join('');

function sectionTitled(name: string | RegExp) {
  return screen.getByRole('region', { name });
}

/**
 * The first test here is the first to render Home in this worker: it also
 * pays for loading the app's modules and Home's code-split sections (about
 * 2 s to the h1 and 3.5 s more to the first lazy section on an idle machine).
 * A busy CI run once took longer than the 5 s a findBy waits by default.
 */
const FIRST_RENDER = { timeout: 15_000 };

beforeEach(() => {
  localStorage.clear();
});

describe('Home', () => {
  it('replaces the defaults field by field with the public config', async () => {
    const { calls } = mockApi({
      'GET /api/config/public': () =>
        json(200, {
          success: true,
          data: {
            config: {
              heroTitle: 'Love is in orbit',
              featuresSubtitle: 'Configured features subtitle',
              stats: [
                { value: '2M+', label: 'Members', color: 'pink' },
                { value: '95%', label: 'Happy couples', color: 'green' },
              ],
            },
          },
        }),
      'GET /api/blog': () => json(200, listBody([])),
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: 'Love is in orbit' }, FIRST_RENDER)).toBeInTheDocument();
    // Fields the config left out keep their defaults.
    expect(screen.getByText(new RegExp(`^${DEFAULT_SUBTITLE_START}`))).toBeInTheDocument();
    // The sections below the fold load their code on the way (jsdom has no IntersectionObserver, so at once).
    expect(await screen.findByRole('heading', { level: 2, name: 'Everything you need to find your person' }, FIRST_RENDER)).toBeInTheDocument();
    expect(screen.getByText('Configured features subtitle')).toBeInTheDocument();
    const stats = sectionTitled('Orbit in numbers');
    expect(within(stats).getByText('2M+')).toBeInTheDocument();
    expect(within(stats).getByText('Happy couples')).toBeInTheDocument();
    expect(within(stats).queryByText('Active Users')).not.toBeInTheDocument();
    expect(calls.some((call) => call.path === '/api/config/public')).toBe(true);
  }, 40_000);

  it('says in one line that demo people answer automatically, only while the server has them', async () => {
    mockApi({
      'GET /api/config/public': () => json(200, { success: true, data: { config: { demoPeople: true } } }),
      'GET /api/blog': () => json(200, listBody([])),
    });
    const { unmount } = renderApp('/');
    expect(await screen.findByText('Profiles marked Demo are samples that answer automatically.', {}, FIRST_RENDER)).toBeInTheDocument();
    unmount();
    mockApi({
      'GET /api/config/public': () => json(200, { success: true, data: { config: {} } }),
      'GET /api/blog': () => json(200, listBody([])),
    });
    renderApp('/');
    await screen.findByRole('heading', { level: 1, name: DEFAULT_TITLE }, FIRST_RENDER);
    expect(screen.queryByText(/answer automatically/)).not.toBeInTheDocument();
  }, 40_000);

  it('keeps every default, silently, when the config cannot be fetched', async () => {
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    mockApi({
      'GET /api/config/public': () => json(500, { success: false, message: 'Internal server error' }),
      'GET /api/blog': () => json(200, listBody([])),
    });
    renderApp('/');
    expect(await screen.findByRole('heading', { level: 1, name: DEFAULT_TITLE })).toBeInTheDocument();
    const stats = sectionTitled('Orbit in numbers');
    const defaults: Array<[string, string]> = [['10K+', 'Active Users'], ['50K+', 'Matches Made'], ['100+', 'Countries'], ['24/7', 'Support']];
    for (const [value, label] of defaults) {
      expect(within(stats).getByText(value)).toBeInTheDocument();
      expect(within(stats).getByText(label)).toBeInTheDocument();
    }
    expect(screen.queryByRole('alert')).not.toBeInTheDocument();
  });

  it('shows every section in the spec order, with the hero buttons', async () => {
    mockApi({ 'GET /api/blog': () => json(200, listBody([])) });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/');
    const hero = await screen.findByRole('region', { name: DEFAULT_TITLE });
    expect(within(hero).getByRole('link', { name: 'Download the App' })).toHaveAttribute('href', '/download');
    expect(within(hero).getByRole('link', { name: 'Start Discovering' })).toHaveAttribute('href', '/users');

    const sectionNames = () => screen.getAllByRole('region').map((region) => region.getAttribute('aria-labelledby') ?? region.getAttribute('aria-label'));
    await waitFor(() => expect(sectionNames()).toEqual([
      'hero-title',
      'highlights-title',
      'Highlights',
      'stats-title',
      'how-it-works-title',
      'showcases-title',
      'testimonials-title',
      'radar-title',
      'from-the-blog-title',
      'all-features-title',
      'pricing-title',
      'cta-title',
      'faq-title',
    ]));
    expect(screen.getByText('Radar goes here')).toBeInTheDocument();
  });

  it('explains How It Works in three steps and quotes three rated testimonials', async () => {
    mockApi({ 'GET /api/blog': () => json(200, listBody([])) });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/');
    const steps = within(await screen.findByRole('region', { name: 'Three steps to your first date' })).getAllByRole('listitem');
    expect(steps.map((step) => within(step).getByRole('heading').textContent)).toEqual([
      'Step 1: Create your profile',
      'Step 2: Discover matches',
      'Step 3: Connect and chat',
    ]);
    const testimonials = within(await screen.findByRole('region', { name: 'Real people, real stories' })).getAllByRole('listitem');
    expect(testimonials).toHaveLength(3);
    expect(within(testimonials[0] as HTMLElement).getByRole('img', { name: 'Rated 5 out of 5' })).toBeInTheDocument();
    expect(within(testimonials[2] as HTMLElement).getByRole('img', { name: 'Rated 4 out of 5' })).toBeInTheDocument();
    expect(within(testimonials[1] as HTMLElement).getByText('London, UK')).toBeInTheDocument();
  });

  it("shows the free tier's real limits and the catalogue's VIP plans at its prices and lengths, and answers the cancellation question truly", async () => {
    const features = ['Unlimited Likes', 'See Who Liked You', 'Boost Profile once a day', 'Incognito Mode'];
    mockApi({
      'GET /api/blog': () => json(200, listBody([])),
      'GET /api/store/vipplans': () =>
        json(200, {
          success: true,
          vipPlans: [
            { _id: 'gold', name: 'Gold', duration: 30, price: { amountMinor: 999, currency: 'USD' }, popular: false, features },
            { _id: 'platinum', name: 'Platinum', duration: 90, price: { amountMinor: 1999, currency: 'USD' }, popular: true, features },
          ],
        }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/');
    const pricing = await screen.findByRole('region', { name: 'Simple plans, no surprises' });
    const tier = (name: string) => within(pricing).getByRole('article', { name });
    expect(within(tier('Basic')).getByText('Free')).toBeInTheDocument();
    expect(within(tier('Basic')).getAllByRole('listitem').map(visibleItemText)).toEqual([
      '50 likes a day',
      'Matches, messages and video calls',
      'Discover filters, Spin and the radar',
      'Live streams to watch and host',
    ]);
    const gold = await within(pricing).findByRole('article', { name: 'Gold' });
    expect(within(gold).getByText('$9.99')).toBeInTheDocument();
    expect(within(gold).getByText('every month')).toBeInTheDocument();
    expect(within(gold).getAllByRole('listitem').map(visibleItemText)).toEqual(features);
    expect(within(gold).getByRole('link', { name: 'Get Gold' })).toHaveAttribute('href', '/vip');
    expect(within(tier('Platinum')).getByText('$19.99')).toBeInTheDocument();
    expect(within(tier('Platinum')).getByText('every 3 months')).toBeInTheDocument();
    expect(within(tier('Platinum')).getByText('Most popular')).toBeInTheDocument();
    // Only what the catalogue sells: no tier of the spec's that nothing charges.
    expect(within(pricing).getAllByRole('article').map((article) => within(article).getByRole('heading').textContent)).toEqual([
      'Basic',
      'Gold',
      'Platinum',
    ]);
    expect(pricing).not.toHaveTextContent(/per month|Premium|\$19\.99 per/);

    const faq = await screen.findByRole('region', { name: 'Frequently asked questions' });
    expect(within(faq).getAllByRole('group')).toHaveLength(4);
    const cancel = within(faq).getByText('Can I cancel my subscription anytime?');
    expect(cancel.parentElement).toHaveTextContent(/A VIP plan renews until you cancel, and cancelling is one click on the VIP page or in Settings/);
  });

  it('says so when the VIP plans cannot be loaded, and Try Again loads them', async () => {
    let failing = true;
    mockApi({
      'GET /api/blog': () => json(200, listBody([])),
      'GET /api/store/vipplans': () =>
        failing
          ? json(500, { success: false, message: 'Failed to load VIP plans' })
          : json(200, { success: true, vipPlans: [{ _id: 'gold', name: 'Gold', duration: 30, price: { amountMinor: 999, currency: 'USD' }, popular: false, features: [] }] }),
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/');
    const pricing = await screen.findByRole('region', { name: 'Simple plans, no surprises' });
    expect(await within(pricing).findByRole('heading', { name: 'Error Loading VIP Plans' })).toBeInTheDocument();
    failing = false;
    within(pricing).getByRole('button', { name: 'Try Again' }).click();
    expect(await within(pricing).findByRole('article', { name: 'Gold' })).toBeInTheDocument();
  });

  it('teases the three newest posts, each linking to its page', async () => {
    const posts = [makePost({ title: 'Newest' }), makePost({ title: 'Middle' }), makePost({ title: 'Oldest' })];
    const blogQueries: string[] = [];
    mockApi({
      'GET /api/blog': (url) => {
        blogQueries.push(url.search);
        return json(200, listBody(posts));
      },
    });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    renderApp('/');
    const teaser = await screen.findByRole('region', { name: 'Fresh reads on dating and Orbit' });
    await waitFor(() => expect(within(teaser).getAllByRole('article')).toHaveLength(3));
    expect(within(teaser).getByRole('link', { name: 'Newest' })).toHaveAttribute('href', `/blog/${posts[0]?._id}`);
    expect(blogQueries).toEqual(['?page=1&limit=3']);
    expect(within(teaser).getByRole('link', { name: 'Read the blog' })).toHaveAttribute('href', '/blog');
  });

  it('sends /pricing to the pricing section of Home', async () => {
    mockApi({ 'GET /api/blog': () => json(200, listBody([])) });
    vi.spyOn(console, 'warn').mockImplementation(() => {});
    // jsdom does not scroll; record where the router asks to scroll to instead.
    const scrolledTo: string[] = [];
    Element.prototype.scrollIntoView = function scrollIntoView(this: Element) {
      scrolledTo.push(this.id);
    };
    const { router } = renderApp('/pricing');
    await screen.findByRole('region', { name: 'Simple plans, no surprises' });
    expect(router.state.location.pathname).toBe('/');
    expect(router.state.location.hash).toBe('pricing');
    await waitFor(() => expect(scrolledTo).toContain('pricing'));
  });
});
