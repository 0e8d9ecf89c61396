import type { UnifiedRecord } from '../../framework';
import { compact, text } from './shared';

/** `schemas.contact.ContactProto` (vendor-specs/dialpad/openapi.json). */
export interface DialpadContact {
  id?: string | null;
  first_name?: string | null;
  last_name?: string | null;
  display_name?: string | null;
  company_name?: string | null;
  job_title?: string | null;
  emails?: string[] | null;
  phones?: string[] | null;
  primary_email?: string | null;
  primary_phone?: string | null;
  extension?: string | null;
  owner_id?: string | null;
  trunk_group?: string | null;
  type?: 'local' | 'shared' | null;
  urls?: string[] | null;
}

/** `schemas.contact.CreateContactMessage` / `UpdateContactMessage`: the fields we write. */
export interface DialpadContactWrite {
  first_name?: string;
  last_name?: string;
  emails?: string[];
  phones?: string[];
}

export function contactFromDialpad(contact: DialpadContact): UnifiedRecord {
  const id = contact.id ?? '';
  return {
    id,
    remoteId: id,
    fields: compact({
      firstName: text(contact.first_name),
      lastName: text(contact.last_name),
      email: text(contact.primary_email) ?? text(contact.emails?.[0]),
      phone: text(contact.primary_phone) ?? text(contact.phones?.[0]),
    }),
    raw: contact as Record<string, unknown>,
  };
}

/** The primary value first, then the others without the one it replaces (Dialpad's `primary_*` is the first). */
function withPrimary(next: string, current: readonly string[] | null | undefined, replaced: string | null | undefined): string[] {
  return [next, ...(current ?? []).filter((value) => value !== next && value !== replaced)];
}

/**
 * Unified fields → Dialpad write body. On update, `existing` keeps the contact's other e-mails and phones: Dialpad
 * replaces the whole `emails` / `phones` lists on PATCH.
 */
export function contactToDialpad(fields: Record<string, unknown>, existing?: DialpadContact): DialpadContactWrite {
  const body: DialpadContactWrite = {};
  if (typeof fields.firstName === 'string') body.first_name = fields.firstName;
  if (typeof fields.lastName === 'string') body.last_name = fields.lastName;
  if (typeof fields.email === 'string') {
    body.emails = withPrimary(fields.email, existing?.emails, existing?.primary_email ?? existing?.emails?.[0]);
  }
  if (typeof fields.phone === 'string') {
    body.phones = withPrimary(fields.phone, existing?.phones, existing?.primary_phone ?? existing?.phones?.[0]);
  }
  return body;
}
