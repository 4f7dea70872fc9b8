import { z } from 'zod';
import { ERROR_CODES, GENDERS, type ErrorCode } from './constants';

export { ERROR_CODES, type ErrorCode };

/** Every failure the API sends: a human-readable message, never a stack. */
export const errorBodySchema = z.object({
  success: z.literal(false),
  message: z.string(),
  /** Per-field messages for validation failures (400). */
  errors: z.array(z.object({ field: z.string(), message: z.string() })).optional(),
  /** Set where the client does more than show the message (ERROR_CODES). */
  code: z.enum(ERROR_CODES).optional(),
});
export type ErrorBody = z.infer<typeof errorBodySchema>;

export const idSchema = z.uuid({ message: 'Invalid id' });

export const roleSchema = z.enum(['user', 'admin']);
export type Role = z.infer<typeof roleSchema>;

export const genderSchema = z.enum(GENDERS, { message: 'Gender must be male, female or other' });
export type Gender = z.infer<typeof genderSchema>;

export const statColorSchema = z.enum(['purple', 'pink', 'blue', 'green']);
export type StatColor = z.infer<typeof statColorSchema>;
