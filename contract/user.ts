import { z } from 'zod';
import { genderSchema, roleSchema } from './common';

/** The `profile` object of SPEC section 3's User. */
export const profileSchema = z.object({
  name: z.string(),
  avatar: z.string(),
  isVerified: z.boolean(),
  isVIP: z.boolean(),
  vipLevel: z.string(),
  vipUntil: z.string().nullable(),
  age: z.number().int().nullable(),
  location: z.string(),
  gender: genderSchema.nullable(),
  language: z.string(),
  bio: z.string(),
  interests: z.array(z.string()),
  photos: z.array(z.string()),
  followers: z.number().int(),
  following: z.number().int(),
  coins: z.number().int(),
  lastSeen: z.string().nullable(),
});
export type Profile = z.infer<typeof profileSchema>;

/** The signed-in user's own record (SPEC section 3 User, plus role). */
export const userSchema = z.object({
  _id: z.string(),
  username: z.string(),
  email: z.string(),
  role: roleSchema,
  avatar: z.string(),
  age: z.number().int().nullable(),
  gender: genderSchema.nullable(),
  region: z.string(),
  isOnline: z.boolean(),
  isVIP: z.boolean(),
  vipTier: z.string().nullable(),
  vipUntil: z.string().nullable(),
  interests: z.array(z.string()),
  photos: z.array(z.string()),
  bio: z.string(),
  lang: z.string(),
  coins: z.number().int(),
  profile: profileSchema,
});
export type User = z.infer<typeof userSchema>;

export const meResponseSchema = z.object({ user: userSchema });
export type MeResponse = z.infer<typeof meResponseSchema>;
