import { describe, expect, it } from 'vitest';
import { buildSearchText, parseSearchQuery } from '@/server/services/connection-search';

describe('the q parser', () => {
  it('detects an e-mail address (lower-cased)', () => {
    expect(parseSearchQuery('Jane.Doe@Acme.example')).toEqual([{ kind: 'email', value: 'jane.doe@acme.example' }]);
  });

  it('normalises an international phone number to E.164', () => {
    expect(parseSearchQuery('+44 20 7946 0958')).toEqual([{ kind: 'phone', value: '+442079460958' }]);
    expect(parseSearchQuery('+442079460958')).toEqual([{ kind: 'phone', value: '+442079460958' }]);
    expect(parseSearchQuery('+1-415-555-2671')).toEqual([{ kind: 'phone', value: '+14155552671' }]);
  });

  it('reduces a URL to its host and keeps a bare domain', () => {
    expect(parseSearchQuery('https://www.Acme.com/pricing?x=1')).toEqual([{ kind: 'domain', value: 'acme.com' }]);
    expect(parseSearchQuery('eu.globex.io')).toEqual([{ kind: 'domain', value: 'eu.globex.io' }]);
  });

  it('reads an ISO day and a date-time as its UTC day', () => {
    expect(parseSearchQuery('2026-03-04')).toEqual([{ kind: 'date', value: '2026-03-04' }]);
    expect(parseSearchQuery('2026-03-04T23:30:00-02:00')).toEqual([{ kind: 'date', value: '2026-03-05' }]);
    expect(parseSearchQuery('2026-02-30')).toEqual([{ kind: 'text', value: '2026-02-30' }]);
  });

  it('keeps anything else as text, and splits on spaces', () => {
    expect(parseSearchQuery('  Acme   user-42 ')).toEqual([
      { kind: 'text', value: 'acme' },
      { kind: 'text', value: 'user-42' },
    ]);
    expect(parseSearchQuery('')).toEqual([]);
  });
});

describe('search words of a connection', () => {
  it('adds e-mail domains, hosts and E.164 phones so each token kind can match', () => {
    const words = buildSearchText({
      ownerId: '+1 (415) 555-2671',
      connectorId: 'hubspot',
      connectorName: 'HubSpot',
      identity: { accountEmail: 'jane@acme.example', domain: 'https://eu.acme.example', accountName: 'Acme Ltd' },
    });
    for (const word of ['hubspot', 'jane@acme.example', 'acme.example', 'eu.acme.example', '+14155552671', 'acme ltd']) {
      expect(words).toContain(` ${word} `);
    }
  });
});
