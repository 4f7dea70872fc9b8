import { isDeepStrictEqual } from 'node:util';
import { and, eq, inArray } from 'drizzle-orm';
import type { z } from 'zod';
import { EDITABLE_SETTING_KEYS, type AppSetting, type EditableSettingKey, type updateAppConfigBodySchema } from '../../contract/site-settings';
import { appSettings } from '../db/schema';
import type { OrbitDatabase } from '../db/types';

type SettingUpdates = z.output<typeof updateAppConfigBodySchema>['configs'];

/** Every setting the admin may edit, keyed by name; internal rows (seed markers) never leave the server. */
export async function readEditableSettings(db: OrbitDatabase): Promise<Record<string, AppSetting>> {
  const rows = await db.select().from(appSettings).where(inArray(appSettings.key, EDITABLE_SETTING_KEYS));
  const configs: Record<string, AppSetting> = {};
  for (const key of EDITABLE_SETTING_KEYS) {
    const row = rows.find((candidate) => candidate.key === key);
    if (row) configs[key] = { value: row.value, type: row.type, description: row.description, public: row.isPublic };
  }
  return configs;
}

/**
 * Upserts the given settings that differ from what is stored, and returns
 * their keys: a save that changes nothing writes nothing (and the caller
 * logs nothing). A setting keeps its stored description and visibility
 * unless the request names them; a new one is public by default, since
 * every editable setting is shown on the public site.
 */
export async function saveEditableSettings(db: OrbitDatabase, updates: SettingUpdates): Promise<EditableSettingKey[]> {
  const keys = EDITABLE_SETTING_KEYS.filter((key) => updates[key] !== undefined);
  const stored = new Map((await db.select().from(appSettings).where(inArray(appSettings.key, keys))).map((row) => [row.key, row]));
  const changed: EditableSettingKey[] = [];
  for (const key of keys) {
    const update = updates[key];
    if (!update) continue;
    const row = stored.get(key);
    const same =
      row !== undefined &&
      row.type === update.type &&
      // jsonb keeps object keys in its own order, so compare values, not their text.
      isDeepStrictEqual(row.value, update.value) &&
      (update.description === undefined || update.description === row.description) &&
      (update.public === undefined || update.public === row.isPublic);
    if (same) continue;
    const set = {
      value: update.value,
      type: update.type,
      ...(update.description !== undefined && { description: update.description }),
      ...(update.public !== undefined && { isPublic: update.public }),
    };
    await db
      .insert(appSettings)
      .values({ key, value: update.value, type: update.type, description: update.description ?? '', isPublic: update.public ?? true })
      .onConflictDoUpdate({ target: appSettings.key, set });
    changed.push(key);
  }
  return changed;
}

/** The stored public settings among `keys`, as stored (not yet checked against their schema). */
export async function publicSettingRows(db: OrbitDatabase, keys: string[]): Promise<{ key: string; value: unknown }[]> {
  return db
    .select({ key: appSettings.key, value: appSettings.value })
    .from(appSettings)
    .where(and(eq(appSettings.isPublic, true), inArray(appSettings.key, keys)));
}
