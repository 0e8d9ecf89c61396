import { describe, expect, it } from 'vitest';
import { EVENT_NAMES, MODELS, OPERATIONS } from '@/server/models/operations';
import { MODEL_SHAPES, readWarnings, REFERENCE_FIELDS, writeSchema } from '@/server/models/schemas';
import { describeIssues } from '@/server/http/validate';

function messageOf(model: Parameters<typeof writeSchema>[0], action: 'create' | 'update', body: unknown): string {
  const result = writeSchema(model, action).safeParse(body);
  return result.success ? 'valid' : describeIssues('body', result.error);
}

describe('unified models', () => {
  it('has 17 models, 119 operations and 51 event names', () => {
    expect(MODELS).toHaveLength(17);
    expect(OPERATIONS).toHaveLength(119);
    expect(new Set(OPERATIONS).size).toBe(119);
    expect(EVENT_NAMES).toHaveLength(51);
    expect(EVENT_NAMES).toContain('accountingInvoiceItem::updated');
    expect(Object.keys(MODEL_SHAPES).sort()).toEqual([...MODELS].sort());
  });

  it('points every reference field at a model', () => {
    for (const [model, fields] of Object.entries(REFERENCE_FIELDS)) {
      for (const [field, target] of Object.entries(fields ?? {})) {
        expect(MODELS, `${model}.${field}`).toContain(target);
        expect(Object.keys(MODEL_SHAPES[model as keyof typeof MODEL_SHAPES])).toContain(field);
      }
    }
  });
});

describe('write limits (models.md)', () => {
  it('enforces the crmOpportunity limits with field-precise messages', () => {
    expect(messageOf('crmOpportunity', 'create', {})).toBe('body.name: must be a string');
    expect(messageOf('crmOpportunity', 'create', { name: '' })).toBe('body.name: must be at least 1 character');
    expect(messageOf('crmOpportunity', 'create', { name: 'x'.repeat(251) })).toBe('body.name: must be at most 250 characters');
    expect(messageOf('crmOpportunity', 'create', { name: 'Deal', amount: -1 })).toBe('body.amount: must be at least 0');
    expect(messageOf('crmOpportunity', 'create', { name: 'Deal', currency: 'EURO' })).toBe(
      'body.currency: must be exactly 3 letters (ISO 4217)',
    );
    expect(messageOf('crmOpportunity', 'update', { amount: 10 })).toBe('valid');
  });

  it('refuses unknown fields by name', () => {
    expect(messageOf('genericContact', 'create', { firstName: 'Ada', shoeSize: 42 })).toBe('body.shoeSize: is not a known field');
  });

  it('checks formats and references', () => {
    expect(messageOf('genericContact', 'create', { email: 'not-an-email' })).toBe('body.email: must be an e-mail address');
    expect(messageOf('genericContact', 'create', { phone: '123' })).toBe('body.phone: must be at least 5 characters');
    expect(messageOf('crmEngagement', 'create', { type: 'call' })).toBe('body.startedAt: must be an ISO 8601 date-time');
    expect(messageOf('crmOpportunity', 'create', { name: 'Deal', stage: { model: 'crmStage' } })).toBe('body.stage.id: is required');
    expect(messageOf('crmEngagement', 'create', { type: 'fax', startedAt: '2026-01-01T00:00:00.000Z' })).toBe(
      'body.type: must be one of call, meeting, email, task, note',
    );
    expect(messageOf('genericContact', 'create', { custom: { tier: 'gold', score: 3, vip: true, note: null } })).toBe('valid');
  });
});

describe('read warnings', () => {
  it('returns a FIELD_CONSTRAINT warning instead of failing', () => {
    expect(readWarnings('genericContact', { firstName: 'x'.repeat(300), email: 'ok@example.com' })).toEqual([
      { code: 'FIELD_CONSTRAINT', message: 'fields.firstName: must be at most 250 characters' },
    ]);
    expect(readWarnings('crmOpportunity', { name: 'Deal', amount: 5, stage: { id: 's', object: 'resourceRef' } })).toEqual([]);
  });
});
