import type { z } from 'zod';
import { editableSettings, publicSettingsSchema, type EditableSettingKey, type PublicConfig, type PublicSettings, type AppSetting, type updateAppConfigBodySchema } from '../../contract/site-settings';
import { hasDemoPeople } from '../members/queries';
import { recordAdminAction } from '../admin/queries/audit';
import type { OrbitDatabase } from '../db/types';
import { publicSettingRows, readEditableSettings, saveEditableSettings } from './queries';

const PUBLIC_KEYS = Object.keys(publicSettingsSchema.shape) as Array<keyof PublicSettings>;

/**
 * The settings a visitor's browser needs (SPEC section 4). A stored value that
 * no longer fits its schema is left out, so the page falls back to its default
 * for that field instead of breaking.
 */
export async function readPublicConfig(db: OrbitDatabase): Promise<PublicConfig> {
  const rows = await publicSettingRows(db, PUBLIC_KEYS);
  const config: Record<string, unknown> = {};
  for (const row of rows) {
    const field = publicSettingsSchema.shape[row.key as keyof PublicSettings];
    const parsed = field.safeParse(row.value);
    if (parsed.success && parsed.data !== undefined) config[row.key] = parsed.data;
  }
  const settings = publicSettingsSchema.parse(config);
  return (await hasDemoPeople(db)) ? { ...settings, demoPeople: true } : settings;
}

/** Saves the admin's changes with an audit entry naming them; returns every editable setting as stored now and which keys changed. */
export async function updateSettings(
  db: OrbitDatabase,
  adminId: string,
  updates: z.output<typeof updateAppConfigBodySchema>['configs'],
): Promise<{ configs: Record<string, AppSetting>; changedKeys: EditableSettingKey[] }> {
  return db.transaction(async (tx) => {
    const changed = await saveEditableSettings(tx, updates);
    // A save that changes nothing is not an event worth an operator's attention.
    if (changed.length > 0) {
      await recordAdminAction(tx, {
        adminId,
        action: 'update-settings',
        targetType: 'settings',
        targetId: changed.join(','),
        details: `Updated ${changed.map((key) => editableSettings[key].label).join(', ')}`,
      });
    }
    return { configs: await readEditableSettings(tx), changedKeys: changed };
  });
}
