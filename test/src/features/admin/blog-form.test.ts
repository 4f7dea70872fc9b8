import { describe, expect, it } from 'vitest';
import { blankPost, formValuesToInput, inputToFormValues, parseTags, postToInput } from '../../../../src/features/admin/content/blog-form';
import { activityDetails, describeActivity } from '../../../../src/features/admin/dashboard/activity-text';
import { formFieldOf, homeContentFromConfigs } from '../../../../src/features/admin/content/home-content';
import { activityEntry } from './fixtures';

describe('blog form', () => {
  it('splits tags on commas, trims each and drops empty ones (SPEC section 5)', () => {
    expect(parseTags(' dating , safety,,  tips ,')).toEqual(['dating', 'safety', 'tips']);
    expect(parseTags('   ')).toEqual([]);
  });

  it('starts a new post with the SPEC defaults', () => {
    expect(blankPost(new Date(2026, 10, 22, 9))).toMatchObject({
      date: '2026-11-22',
      readTime: '5 min read',
      category: 'General',
      published: true,
      featured: false,
      tags: [],
    });
  });

  it('round-trips an existing post through the form, falling back to defaults for cleared fields', () => {
    const input = postToInput({
      _id: 'p1',
      title: 'Spring',
      excerpt: 'x',
      content: '<p>y</p>',
      author: 'Asha',
      date: '2026-03-01T09:00:00.000Z',
      readTime: '4 min read',
      image: '/api/media/cover/spring',
      category: 'Dating Tips',
      tags: ['a', 'b'],
      published: false,
      featured: true,
    });
    const values = inputToFormValues(input);
    expect(values.tags).toBe('a, b');
    expect(values.date).toBe('2026-03-01');
    expect(formValuesToInput(values)).toEqual(input);
    expect(formValuesToInput({ ...values, readTime: ' ', category: '', date: '' })).toMatchObject({ readTime: '5 min read', category: 'General' });
    expect(formValuesToInput({ ...values, date: '' })).not.toHaveProperty('date');
  });
});

describe('home content', () => {
  it('pads stored stats to four from the SPEC defaults and ignores malformed ones', () => {
    const values = homeContentFromConfigs({
      heroTitle: { value: 'Hi', type: 'string', description: '', public: true },
      stats: { value: [{ value: '1', label: 'One', color: 'blue' }, { value: 2 }], type: 'array', description: '', public: true },
    });
    expect(values.heroTitle).toBe('Hi');
    expect(values.heroSubtitle).toBe('');
    expect(values.stats.map((stat) => stat.label)).toEqual(['One', 'Matches Made', 'Countries', 'Support']);
  });

  it('maps server field paths onto form fields', () => {
    expect(formFieldOf('configs.heroTitle.value')).toBe('heroTitle');
    expect(formFieldOf('configs.stats.value.2.label')).toBe('stats.2.label');
    expect(formFieldOf('configs')).toBeNull();
  });
});

describe('activity lines', () => {
  it('reads as sentences about who did what', () => {
    expect(describeActivity(activityEntry())).toBe('admin banned maya_r');
    expect(describeActivity(activityEntry({ action: 'make-vip' }))).toBe('admin granted VIP to maya_r');
    expect(describeActivity(activityEntry({ action: 'grant-coins', details: '300 coins: Contest prize' }))).toBe('admin granted coins to maya_r');
    expect(describeActivity(activityEntry({ action: 'take-coins', details: '1 coin: Mistake' }))).toBe('admin took coins from maya_r');
    expect(describeActivity(activityEntry({ action: 'approve-withdrawal', targetType: 'withdrawal' }))).toBe('admin approved the withdrawal of maya_r');
    expect(describeActivity(activityEntry({ action: 'create-coinPack', targetType: 'coinPack', targetName: 'Mega Pack', details: 'Mega Pack' }))).toBe(
      'admin created coin pack "Mega Pack"',
    );
    expect(describeActivity(activityEntry({ action: 'delete-blog-post', targetType: 'blogPost', targetName: null, details: 'Deleted "Hi"' }))).toBe(
      'admin deleted a blog post',
    );
    expect(describeActivity(activityEntry({ action: 'update-settings', targetType: 'settings', targetName: 'heroTitle' }))).toBe(
      'admin updated the site settings',
    );
    expect(describeActivity(activityEntry({ admin: null }))).toBe('A removed admin banned maya_r');
  });

  it('shows details unless the line already says them', () => {
    expect(activityDetails(activityEntry())).toBe('Sending spam links');
    expect(activityDetails(activityEntry({ targetName: 'Mega Pack', details: 'Mega Pack' }))).toBeNull();
  });
});
