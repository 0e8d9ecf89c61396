import { describe, expect, it } from 'vitest';
import { AppError } from '@/server/errors';
import { companyToHubSpot } from '@/server/connectors/hubspot/mappers/company';
import { contactFromHubSpot, contactToHubSpot } from '@/server/connectors/hubspot/mappers/contact';
import { decodeEngagementId, engagementFromHubSpot, engagementToHubSpot } from '@/server/connectors/hubspot/mappers/engagement';
import { opportunityFromHubSpot, opportunityToHubSpot } from '@/server/connectors/hubspot/mappers/opportunity';
import { stageType } from '@/server/connectors/hubspot/mappers/stage';
import { decodeStageId, encodeStageId } from '@/server/connectors/hubspot/mappers/stage-id';
import type { HubSpotPipeline, HubSpotProperty } from '@/server/connectors/hubspot/mappers/types';
import { classifyHubSpotError } from '@/server/connectors/hubspot/module';

const pipeline: HubSpotPipeline = {
  id: 'default',
  label: 'Sales Pipeline',
  stages: [
    { id: 'new', label: 'New', displayOrder: 0, metadata: { isClosed: 'false', probability: '0.1' } },
    { id: 'won', label: 'Won', displayOrder: 1, metadata: { isClosed: 'true', probability: '1.0' } },
    { id: 'lost', label: 'Lost', displayOrder: 2, metadata: { isClosed: 'true', probability: '0.0' } },
  ],
};

describe('HubSpot contact mapper', () => {
  const custom: HubSpotProperty[] = [
    { name: 'score', label: 'Score', type: 'number', fieldType: 'number' },
    { name: 'vip', label: 'VIP', type: 'bool', fieldType: 'booleancheckbox' },
    { name: 'nickname', label: 'Nickname', type: 'string', fieldType: 'text' },
  ];

  it('reads properties, associations and typed custom values', () => {
    const record = contactFromHubSpot(
      {
        id: '51',
        properties: { firstname: 'Ada', lastname: '', email: 'ada@example.com', phone: null, score: '7.5', vip: 'true', nickname: null },
        createdAt: '2026-01-31T09:30:00Z',
        updatedAt: '2026-02-01T10:00:00.123Z',
        associations: { companies: { results: [{ id: '7', type: 'contact_to_company' }, { id: '7' }] } },
      },
      custom,
    );
    expect(record).toMatchObject({
      id: '51',
      remoteId: '51',
      createdAt: '2026-01-31T09:30:00.000Z',
      updatedAt: '2026-02-01T10:00:00.123Z',
      fields: { firstName: 'Ada', email: 'ada@example.com', companies: [{ id: '7' }], custom: { score: 7.5, vip: true, nickname: null } },
    });
    expect(record.fields).not.toHaveProperty('lastName');
    expect(record.fields).not.toHaveProperty('phone');
  });

  it('writes only the fields given, custom values as strings, null clearing', () => {
    expect(contactToHubSpot({ firstName: 'Ada', phone: null, custom: { score: 3, vip: false, nickname: null } })).toEqual({
      properties: { firstname: 'Ada', phone: '', score: '3', vip: 'false', nickname: '' },
      associations: {},
    });
    expect(contactToHubSpot({ companies: [{ id: '7' }, { id: '8' }] }).associations).toEqual({ companies: ['7', '8'] });
    expect(companyToHubSpot({ name: 'Acme', domain: 'acme.example' }).properties).toEqual({ name: 'Acme', domain: 'acme.example' });
  });
});

describe('HubSpot deal mapper', () => {
  it('derives the status from the stage metadata and encodes the stage id', () => {
    const record = opportunityFromHubSpot(
      { id: '9', properties: { dealname: 'Deal', amount: '10.5', pipeline: 'default', dealstage: 'won', closedate: '1767139200000' } },
      { pipelines: [pipeline] },
    );
    expect(record.fields).toEqual({
      name: 'Deal',
      amount: 10.5,
      pipeline: { id: 'default' },
      stage: { id: encodeStageId('default', 'won') },
      status: 'won',
      closeDate: '2025-12-31T00:00:00.000Z',
    });
    expect(stageType(pipeline.stages[2] ?? pipeline.stages[0]!)).toBe('lost');
    expect(stageType({ id: 'x', label: 'Odd', metadata: { isClosed: 'true', probability: '0.5' } })).toBe('unknown');
  });

  it('chooses the first open stage on create, a won stage for status won, and keeps a matching current stage', () => {
    expect(opportunityToHubSpot({ name: 'Deal' }, { isCreate: true, pipelines: [pipeline] }).properties).toEqual({
      dealname: 'Deal',
      pipeline: 'default',
      dealstage: 'new',
    });
    expect(
      opportunityToHubSpot(
        { status: 'won' },
        { isCreate: false, pipelines: [pipeline], current: { pipelineId: 'default', stageId: 'new' } },
      ).properties,
    ).toEqual({ pipeline: 'default', dealstage: 'won' });
    expect(
      opportunityToHubSpot(
        { status: 'open' },
        { isCreate: false, pipelines: [pipeline], current: { pipelineId: 'default', stageId: 'new' } },
      ).properties,
    ).toEqual({ pipeline: 'default', dealstage: 'new' });
  });

  it('refuses a stage id that is not ours, a stage of another pipeline and a status that contradicts the stage', () => {
    const write = (fields: Record<string, unknown>) => () => opportunityToHubSpot(fields, { isCreate: false, pipelines: [pipeline] });
    expect(write({ stage: { id: 'won' } })).toThrow(/^body\.stage\.id: /);
    expect(write({ stage: { id: encodeStageId('default', 'won') }, pipeline: { id: 'other' } })).toThrow(
      /^body\.stage: belongs to pipeline default/,
    );
    expect(write({ stage: { id: encodeStageId('default', 'won') }, status: 'lost' })).toThrow(/^body\.status: /);
    expect(write({ engagements: [{ id: '12' }] })).toThrow(/^body\.engagements\[0\]\.id: /);
    expect(opportunityToHubSpot({ engagements: [{ id: 'call_12' }, { id: 'note_3' }] }, { isCreate: false }).associations).toEqual({
      calls: ['12'],
      meetings: [],
      emails: [],
      tasks: [],
      notes: ['3'],
    });
  });

  it('round-trips composite stage ids and refuses anything else', () => {
    expect(decodeStageId(encodeStageId('123', 'appointmentscheduled'))).toEqual({ pipelineId: '123', stageId: 'appointmentscheduled' });
    expect(decodeStageId('closedwon')).toBeUndefined();
    expect(decodeStageId(Buffer.from('["only-one"]').toString('base64url'))).toBeUndefined();
  });
});

describe('HubSpot engagement mapper', () => {
  it('reads a call with its duration in milliseconds and kind-prefixed id', () => {
    const record = engagementFromHubSpot('calls', {
      id: '77',
      properties: {
        hs_timestamp: '2026-03-02T10:00:00Z',
        hs_call_duration: '90000',
        hs_call_status: 'NO_ANSWER',
        hs_call_direction: 'INBOUND',
      },
      associations: { contacts: { results: [{ id: '5' }] } },
    });
    expect(record).toMatchObject({
      id: 'call_77',
      remoteId: '77',
      fields: {
        type: 'call',
        status: 'completed',
        direction: 'inbound',
        duration: 90,
        endedAt: '2026-03-02T10:01:30.000Z',
        contacts: [{ id: '5' }],
      },
    });
  });

  it('writes each kind with its own properties and refuses what the kind cannot hold', () => {
    expect(
      engagementToHubSpot('email', { direction: 'outbound', status: 'completed', title: 'Hi', startedAt: '2026-03-02T10:00:00Z' })
        .properties,
    ).toEqual({
      hs_email_direction: 'EMAIL',
      hs_email_status: 'SENT',
      hs_email_subject: 'Hi',
      hs_timestamp: '2026-03-02T10:00:00.000Z',
    });
    expect(engagementToHubSpot('meeting', { startedAt: '2026-03-02T10:00:00Z', duration: 1800 }).properties).toEqual({
      hs_timestamp: '2026-03-02T10:00:00.000Z',
      hs_meeting_start_time: '2026-03-02T10:00:00.000Z',
      hs_meeting_end_time: '2026-03-02T10:30:00.000Z',
    });
    expect(() => engagementToHubSpot('note', { direction: 'inbound' })).toThrow('body.direction: HubSpot notes have no direction');
    expect(() => engagementToHubSpot('task', { status: 'canceled' })).toThrow('body.status: HubSpot tasks cannot be canceled');
    expect(() => engagementToHubSpot('email', { duration: 5 })).toThrow('body.duration: HubSpot emails have no duration');
    expect(decodeEngagementId('meeting_12')).toEqual({ kind: 'meeting', type: 'meetings', remoteId: '12' });
    expect(decodeEngagementId('12')).toBeUndefined();
  });

  it('throws AppErrors the service can answer', () => {
    try {
      engagementToHubSpot('note', { users: [] });
      expect.unreachable();
    } catch (error) {
      expect(error).toBeInstanceOf(AppError);
      expect((error as AppError).code).toBe('CONNECTOR::OPERATION::BAD_REQUEST');
    }
  });
});

describe('classifyHubSpotError', () => {
  const body = (category: string, message = 'the message') => ({ status: 'error', message, correlationId: 'c0ffee', category });

  it.each([
    [400, body('VALIDATION_ERROR', 'Property values were not valid'), 'badRequest', 'Property values were not valid'],
    [401, body('EXPIRED_AUTHENTICATION'), 'unauthorized', 'the message'],
    [403, body('MISSING_SCOPES'), 'forbidden', 'the message'],
    [404, body('OBJECT_NOT_FOUND', 'Object not found.'), 'notFound', 'Object not found.'],
    [400, body('OBJECT_NOT_FOUND'), 'notFound', 'the message'],
    [409, body('CONFLICT', 'Contact already exists. Existing ID: 1'), 'conflict', 'Contact already exists. Existing ID: 1'],
    [
      429,
      { status: 'error', message: 'You have reached your secondly limit.', errorType: 'RATE_LIMIT', policyName: 'SECONDLY' },
      'rateLimited',
      'You have reached your secondly limit.',
    ],
    [400, body('RATE_LIMITS'), 'rateLimited', 'the message'],
    [502, '<html>Bad gateway</html>', 'server', '<html>Bad gateway</html>'],
    [500, null, 'server', 'the vendor answered HTTP 500'],
  ])('HTTP %i %j → %s', (status, payload, kind, message) => {
    expect(classifyHubSpotError(status, payload)).toEqual({ kind, message });
  });
});
