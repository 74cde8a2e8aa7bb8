import { z } from 'zod';

/** How long the user's own instructions to the model may be (characters). */
export const MAX_CUSTOM_INSTRUCTIONS = 2_000;

/**
 * One user's settings, as stored and as sent to and from the settings page: the one definition of
 * the shape. The theme is not here: it is the device's (lib/settings/theme.ts). Every field is optional in storage; `resolveSettings` fills in the defaults, so a field
 * added later reads as its default for users who never chose.
 */
export const userSettingsSchema = z
  .object({
    /** Added below the host's own system prompt for the conversation's model; never sent to a server. */
    customInstructions: z
      .string()
      .max(MAX_CUSTOM_INSTRUCTIONS, `at most ${MAX_CUSTOM_INSTRUCTIONS} characters`),
    /** The model a new conversation starts with: an id from the host's model list, or null for the host's. */
    defaultModelId: z.string().min(1).max(200).nullable(),
    /** A short title asked of the model after a conversation's first reply; null: the host's default. */
    generateTitles: z.boolean().nullable(),
  })
  .strict();

export type UserSettings = z.infer<typeof userSettingsSchema>;

/** A change from the settings page: any subset of the fields. */
export const userSettingsPatchSchema = userSettingsSchema.partial();
export type UserSettingsPatch = z.infer<typeof userSettingsPatchSchema>;

export const DEFAULT_USER_SETTINGS: UserSettings = {
  customInstructions: '',
  defaultModelId: null,
  generateTitles: null,
};

/**
 * Stored settings read back: each field that still passes the schema is kept, anything else (a
 * field from an older shape, a value a newer limit refuses) reads as its default.
 */
export function resolveSettings(stored: unknown): UserSettings {
  const out: UserSettings = { ...DEFAULT_USER_SETTINGS };
  if (typeof stored !== 'object' || stored === null || Array.isArray(stored)) return out;
  const record = stored as Record<string, unknown>;
  const fields = userSettingsSchema.shape;
  const parsed = {
    customInstructions: fields.customInstructions.safeParse(record.customInstructions),
    defaultModelId: fields.defaultModelId.safeParse(record.defaultModelId),
    generateTitles: fields.generateTitles.safeParse(record.generateTitles),
  };
  if (parsed.customInstructions.success) out.customInstructions = parsed.customInstructions.data;
  if (parsed.defaultModelId.success) out.defaultModelId = parsed.defaultModelId.data;
  if (parsed.generateTitles.success) out.generateTitles = parsed.generateTitles.data;
  return out;
}

/** A patch checked against the schema; the error names the field and what it must be. */
export function parseSettingsPatch(
  value: unknown,
): { ok: true; patch: UserSettingsPatch } | { ok: false; error: string } {
  const parsed = userSettingsPatchSchema.safeParse(value);
  if (parsed.success) return { ok: true, patch: parsed.data };
  const issue = parsed.error.issues[0];
  const where = issue?.path.length ? issue.path.join('.') : 'settings';
  return { ok: false, error: `Cannot save the settings: ${where} ${issue?.message ?? 'is invalid'}.` };
}
