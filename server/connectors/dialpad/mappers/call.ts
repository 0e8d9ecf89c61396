import type { UnifiedRecord } from '../../framework';
import { compact, epochMsToIso, type Int64, int64Id, msToSeconds, text } from './shared';

/** `schemas.call.CallContactProto`: the other party (`contact`) or the Dialpad target (`target`). */
export interface DialpadCallParty {
  id?: string | null;
  name?: string | null;
  phone?: string | null;
  email?: string | null;
  type?: string | null;
}

/** `schemas.call.CallProto` (the fields we read; the rest stays in `rawResource`). */
export interface DialpadCall {
  call_id?: Int64 | null;
  direction?: string | null;
  state?: string | null;
  date_started?: Int64 | null;
  date_rang?: Int64 | null;
  date_connected?: Int64 | null;
  date_ended?: Int64 | null;
  duration?: Int64 | null;
  internal_number?: string | null;
  external_number?: string | null;
  contact?: DialpadCallParty | null;
  target?: DialpadCallParty | null;
  recording_details?: { id?: string | null; recording_type?: string | null; url?: string | null }[] | null;
  call_recording_share_links?: string[] | null;
  voicemail_share_link?: string | null;
  [key: string]: unknown;
}

type CallStatus = 'planned' | 'inProgress' | 'completed' | 'missed' | 'voicemail';

// Dialpad call states (developers.dialpad.com, "Call Events"): live states, then the terminal ones.
const LIVE_STATES = new Set([
  'calling',
  'ringing',
  'preanswer',
  'connected',
  'hold',
  'queued',
  'merged',
  'parked',
  'eavesdrop',
  'monitor',
  'barge',
  'takeover',
]);
const ENDED_STATES = new Set(['hangup', 'postcall', 'recording', 'transcription', 'call_transcription']);

export function callStatus(call: DialpadCall): CallStatus | undefined {
  const state = call.state ?? '';
  if (state === 'voicemail' || state === 'voicemail_uploaded') return 'voicemail';
  if (state === 'missed' || state === 'blocked') return 'missed';
  if (LIVE_STATES.has(state)) return 'inProgress';
  if (ENDED_STATES.has(state)) {
    if (call.date_connected) return 'completed';
    return call.voicemail_share_link ? 'voicemail' : 'missed';
  }
  return undefined;
}

function recordingUrl(call: DialpadCall): string | undefined {
  const recording = call.recording_details?.find((detail) => detail.recording_type === 'callrecording' && detail.url);
  return text(recording?.url) ?? text(call.call_recording_share_links?.[0]);
}

export function callFromDialpad(call: DialpadCall): UnifiedRecord {
  const id = int64Id(call.call_id) ?? '';
  const startedAt = epochMsToIso(call.date_started);
  const userId = call.target?.type === 'user' ? text(call.target.id) : undefined;
  // The other party is a Dialpad contact unless it is another user of the company (an internal call).
  const party = call.contact;
  const partyIsUser = party?.type === 'user';
  const contactId = party && !partyIsUser ? text(party.id) : undefined;
  const otherUserId = partyIsUser ? text(party.id) : undefined;
  const users = [userId, otherUserId].filter((value): value is string => value !== undefined).map((value) => ({ id: value }));
  return {
    id,
    remoteId: id,
    fields: compact({
      direction: text(call.direction),
      status: callStatus(call),
      startedAt,
      answeredAt: epochMsToIso(call.date_connected),
      endedAt: epochMsToIso(call.date_ended),
      duration: msToSeconds(call.duration),
      recordingUrl: recordingUrl(call),
      users: users.length ? users : undefined,
      contacts: contactId ? [{ id: contactId }] : undefined,
      internalNumber: text(call.internal_number),
      externalNumber: text(call.external_number),
      // Dialpad Ai transcribes connected calls; the transcript is addressed by the call id.
      transcript: call.date_connected ? { id } : undefined,
    }),
    ...(startedAt ? { createdAt: startedAt } : {}),
    raw: call,
  };
}
