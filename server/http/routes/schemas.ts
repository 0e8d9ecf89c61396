import { z } from 'zod';
import { isOperation } from '../../models/operations';

export const ownerIdSchema = z
  .string({ error: 'is required' })
  .min(1, 'must not be empty')
  .max(255, 'must be at most 255 characters')
  .refine((value) => !/\p{Cc}/u.test(value), 'must not contain control characters');

/** One of the 119 `<model>::<action>` values; the message names the bad value. */
export const operationSchema = z
  .string()
  .refine(isOperation, { error: (issue) => `"${String(issue.input)}" is not an operation (<model>::<action>)` })
  .transform((value) => value);

export const operationsSchema = z
  .array(operationSchema, { error: 'must be an array of operations' })
  .max(119, 'must list at most 119 operations');

export const connectionPath = z.strictObject({ connectorId: z.string(), ownerId: ownerIdSchema });

export const createAuthorizationSchema = z.strictObject({
  scopes: z.array(z.string().min(1).max(200), { error: 'must be an array of strings' }).max(100).default([]),
  settings: z
    .record(z.string(), z.string({ error: 'must be a string' }).max(2000), { error: 'must be an object of string values' })
    .default({}),
});

export const authorizationQuery = z.strictObject({
  redirectUrl: z
    .url({ protocol: /^https?$/, error: 'must be an absolute http(s) URL' })
    .max(2000, 'must be at most 2000 characters')
    .optional(),
  mode: z.enum(['connect', 'direct'], { error: 'must be connect or direct' }).optional(),
});
