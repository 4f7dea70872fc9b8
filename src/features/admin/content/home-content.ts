import type { StatColor } from '../../../../contract/common';
import type { AppSetting, Stat, UpdateAppConfigBody } from '../../../../contract/site-settings';

/** SPEC section 9 default stats, used when none are stored yet. */
export const DEFAULT_STATS: Stat[] = [
  { value: '10K+', label: 'Active Users', color: 'purple' },
  { value: '50K+', label: 'Matches Made', color: 'pink' },
  { value: '100+', label: 'Countries', color: 'blue' },
  { value: '24/7', label: 'Support', color: 'green' },
];

export const STAT_COLORS: StatColor[] = ['purple', 'pink', 'blue', 'green'];

export const TEXT_FIELDS = [
  { key: 'heroTitle', label: 'Hero title', multiline: false },
  { key: 'heroSubtitle', label: 'Hero subtitle', multiline: true },
  { key: 'featuresTitle', label: 'Features title', multiline: false },
  { key: 'featuresSubtitle', label: 'Features subtitle', multiline: true },
] as const;
export type HomeTextKey = (typeof TEXT_FIELDS)[number]['key'];

export interface HomeContentValues {
  heroTitle: string;
  heroSubtitle: string;
  featuresTitle: string;
  featuresSubtitle: string;
  /** Always four (SPEC section 2: four stats each with value, label and colour). */
  stats: Stat[];
}

type Configs = Record<string, AppSetting>;

function textOf(configs: Configs, key: string): string {
  const value = configs[key]?.value;
  return typeof value === 'string' ? value : '';
}

function isStat(value: unknown): value is Stat {
  if (typeof value !== 'object' || value === null) return false;
  const record = value as Record<string, unknown>;
  return typeof record.value === 'string' && typeof record.label === 'string' && STAT_COLORS.includes(record.color as StatColor);
}

/** The form's starting values from GET /config/app; stats padded to four from the defaults. */
export function homeContentFromConfigs(configs: Configs): HomeContentValues {
  const stored = configs.stats?.value;
  const stats = Array.isArray(stored) ? stored.filter(isStat) : [];
  return {
    heroTitle: textOf(configs, 'heroTitle'),
    heroSubtitle: textOf(configs, 'heroSubtitle'),
    featuresTitle: textOf(configs, 'featuresTitle'),
    featuresSubtitle: textOf(configs, 'featuresSubtitle'),
    stats: DEFAULT_STATS.map((fallback, index) => ({ ...(stats[index] ?? fallback) })),
  };
}

/** SPEC section 3: each setting is sent as an object with value, type, description and public. */
export function homeContentUpdate(values: HomeContentValues, configs: Configs): UpdateAppConfigBody {
  const meta = (key: string) => ({
    ...(configs[key]?.description !== undefined ? { description: configs[key].description } : {}),
    public: configs[key]?.public ?? true,
  });
  const text = (key: HomeTextKey) => ({ value: values[key].trim(), type: 'string' as const, ...meta(key) });
  return {
    configs: {
      heroTitle: text('heroTitle'),
      heroSubtitle: text('heroSubtitle'),
      featuresTitle: text('featuresTitle'),
      featuresSubtitle: text('featuresSubtitle'),
      stats: {
        value: values.stats.map((stat) => ({ value: stat.value.trim(), label: stat.label.trim(), color: stat.color })),
        type: 'array',
        ...meta('stats'),
      },
    },
  };
}

/** Server field paths ('configs.heroTitle.value', 'configs.stats.value.2.label') as form field names. */
export function formFieldOf(serverField: string): string | null {
  const match = /^configs\.(\w+)\.value(?:\.(\d+)\.(\w+))?$/.exec(serverField);
  if (!match) return null;
  const [, key, index, property] = match;
  return index !== undefined && property ? `${key}.${index}.${property}` : (key ?? null);
}
