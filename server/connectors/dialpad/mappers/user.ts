import type { UnifiedRecord } from '../../framework';
import { compact, dateTimeToIso, type Int64, int64Id, text } from './shared';

/** `schemas.user.UserProto` (the fields we read; the rest stays in `rawResource`). */
export interface DialpadUser {
  id?: Int64 | null;
  first_name?: string | null;
  last_name?: string | null;
  display_name?: string | null;
  emails?: string[] | null;
  phone_numbers?: string[] | null;
  date_added?: string | null;
  state?: string | null;
  [key: string]: unknown;
}

export function userFromDialpad(user: DialpadUser): UnifiedRecord {
  const id = int64Id(user.id) ?? '';
  const createdAt = dateTimeToIso(user.date_added);
  return {
    id,
    remoteId: id,
    fields: compact({ firstName: text(user.first_name), lastName: text(user.last_name), email: text(user.emails?.[0]) }),
    ...(createdAt ? { createdAt } : {}),
    raw: user,
  };
}
