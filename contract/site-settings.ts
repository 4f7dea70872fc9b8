import { z } from 'zod';
import { statColorSchema } from './common';
import { isSitePathOrWebUrl } from './site-url';

export const statSchema = z.object({
  value: z.string().trim().min(1, 'Stat value is required').max(20, 'Stat value must be at most 20 characters'),
  label: z.string().trim().min(1, 'Stat label is required').max(40, 'Stat label must be at most 40 characters'),
  color: statColorSchema,
});
export type Stat = z.infer<typeof statSchema>;

/** SPEC section 3 public config as stored in settings; every field optional because each falls back to a built-in default. */
export const publicSettingsSchema = z.object({
  appName: z.string().optional(),
  heroTitle: z.string().optional(),
  heroSubtitle: z.string().optional(),
  featuresTitle: z.string().optional(),
  featuresSubtitle: z.string().optional(),
  stats: z.array(statSchema).optional(),
  /** Where the Download page's Android button points; absent while none is configured. */
  androidApkUrl: z.string().optional(),
});
export type PublicSettings = z.infer<typeof publicSettingsSchema>;

/** The public settings, and what the server knows of itself that every page may need. */
export const publicConfigSchema = publicSettingsSchema.extend({
  /** True while seeded demo people are about (outside production), so Home can say that they answer automatically (issue 51). */
  demoPeople: z.boolean().optional(),
});
export type PublicConfig = z.infer<typeof publicConfigSchema>;

export const publicConfigResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ config: publicConfigSchema }),
});
export type PublicConfigResponse = z.infer<typeof publicConfigResponseSchema>;

/** SPEC section 3: every setting travels as value, type, description and public. */
export const settingTypeSchema = z.enum(['string', 'number', 'boolean', 'array', 'object']);
export type SettingType = z.infer<typeof settingTypeSchema>;

export const appSettingSchema = z.object({
  value: z.unknown(),
  type: settingTypeSchema,
  description: z.string(),
  public: z.boolean(),
});
export type AppSetting = z.infer<typeof appSettingSchema>;

/** An absolute http(s) URL or a path on this site; empty means "not configured". */
const downloadUrlSchema = z
  .string({ message: 'Android APK URL must be text' })
  .trim()
  .max(500, 'Android APK URL must be at most 500 characters')
  .refine((value) => value === '' || isSitePathOrWebUrl(value), {
    message: 'Android APK URL must be an http(s) URL or a path starting with /',
  });

const text = (label: string, max: number) =>
  z
    .string({ message: `${label} must be text` })
    .trim()
    .min(1, `${label} is required`)
    .max(max, `${label} must be at most ${max} characters`);

/** A text setting: its name in messages and in the activity log is the same. */
const textSetting = (label: string, max: number) => ({ type: 'string', label, value: text(label, max) }) as const;

/** The value rules of each setting an admin may change, with the type it is stored as and its name in the activity log. */
export const editableSettings = {
  appName: textSetting('App name', 40),
  heroTitle: textSetting('Hero title', 120),
  heroSubtitle: textSetting('Hero subtitle', 400),
  featuresTitle: textSetting('Features title', 120),
  featuresSubtitle: textSetting('Features subtitle', 400),
  stats: {
    type: 'array',
    label: 'Stats',
    value: z.array(statSchema, { message: 'Stats must be a list of { value, label, color }' }).max(4, 'At most four stats'),
  },
  androidApkUrl: { type: 'string', label: 'Android APK URL', value: downloadUrlSchema },
} as const;
export type EditableSettingKey = keyof typeof editableSettings;
export const EDITABLE_SETTING_KEYS = Object.keys(editableSettings) as EditableSettingKey[];

function settingUpdateSchema<const T extends SettingType, V extends z.ZodType>(type: T, value: V) {
  return z.strictObject({
    value,
    type: z.literal(type, { message: `Type must be ${type}` }),
    description: z.string({ message: 'Description must be text' }).trim().max(200, 'Description must be at most 200 characters').optional(),
    public: z.boolean({ message: 'Public must be true or false' }).optional(),
  });
}

/** POST /config/app: only known keys, each with the value and type that key takes. */
export const updateAppConfigBodySchema = z.strictObject({
  configs: z
    .strictObject({
      appName: settingUpdateSchema('string', editableSettings.appName.value).optional(),
      heroTitle: settingUpdateSchema('string', editableSettings.heroTitle.value).optional(),
      heroSubtitle: settingUpdateSchema('string', editableSettings.heroSubtitle.value).optional(),
      featuresTitle: settingUpdateSchema('string', editableSettings.featuresTitle.value).optional(),
      featuresSubtitle: settingUpdateSchema('string', editableSettings.featuresSubtitle.value).optional(),
      stats: settingUpdateSchema('array', editableSettings.stats.value).optional(),
      androidApkUrl: settingUpdateSchema('string', editableSettings.androidApkUrl.value).optional(),
    }, { message: 'configs must be an object of settings' })
    .refine((configs) => Object.values(configs).some((setting) => setting !== undefined), {
      message: 'Send at least one setting to change',
    }),
});
export type UpdateAppConfigBody = z.input<typeof updateAppConfigBodySchema>;

export const appConfigsResponseSchema = z.object({
  success: z.literal(true),
  data: z.object({ configs: z.record(z.string(), appSettingSchema) }),
});
export type AppConfigsResponse = z.infer<typeof appConfigsResponseSchema>;

export const updateAppConfigResponseSchema = z.object({
  success: z.literal(true),
  message: z.string(),
  data: z.object({ configs: z.record(z.string(), appSettingSchema) }),
});
export type UpdateAppConfigResponse = z.infer<typeof updateAppConfigResponseSchema>;
