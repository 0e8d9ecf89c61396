import type { UnifiedRecord } from '../../framework';
import type { DialpadCall } from './call';
import { compact, dateTimeToIso, type Int64, int64Id, int64Number, msToSeconds, nestedRef, text } from './shared';

/** `schemas.transcript.TranscriptLineProto`. */
export interface DialpadTranscriptLine {
  contact_id?: string | null;
  content?: string | null;
  name?: string | null;
  time?: string | null;
  type?: 'ai_question' | 'custom_moment' | 'moment' | 'real_time_moment' | 'transcript' | null;
  user_id?: Int64 | null;
}

/** `schemas.transcript.TranscriptProto`. */
export interface DialpadTranscript {
  call_id?: Int64 | null;
  lines?: DialpadTranscriptLine[] | null;
}

interface Speaker {
  id: string;
  origin: 'internal' | 'external' | 'unknown';
  name?: string;
  user?: ReturnType<typeof nestedRef>;
  contact?: ReturnType<typeof nestedRef>;
}

function speakerOf(line: DialpadTranscriptLine): Speaker {
  const userId = int64Id(line.user_id);
  const contactId = text(line.contact_id);
  const name = text(line.name);
  if (userId) return { id: `user:${userId}`, origin: 'internal', ...(name ? { name } : {}), user: nestedRef('genericUser', userId) };
  if (contactId)
    return { id: `contact:${contactId}`, origin: 'external', ...(name ? { name } : {}), contact: nestedRef('genericContact', contactId) };
  return { id: `name:${name ?? 'unknown'}`, origin: 'unknown', ...(name ? { name } : {}) };
}

const seconds = (ms: number) => Math.max(0, Math.round(ms) / 1000);

/**
 * Dialpad transcript + its call → telephonyCallTranscript. Our transcript id is the call id. Only `transcript`
 * lines are speech (the others are Dialpad Ai moments); each line's `time` is absolute, so segments are placed
 * relative to the call's start (`startedAt`), and a segment ends where the next one starts (the last at the call's end).
 */
export function transcriptFromDialpad(transcript: DialpadTranscript, call: DialpadCall | undefined): UnifiedRecord {
  const id = int64Id(transcript.call_id) ?? int64Id(call?.call_id) ?? '';
  const lines = (transcript.lines ?? [])
    .filter((line) => line.type === 'transcript' && dateTimeToIso(line.time))
    .map((line) => ({ line, at: new Date(line.time ?? '').getTime() }))
    .sort((a, b) => a.at - b.at);
  const callStart = int64Number(call?.date_started) ?? lines[0]?.at ?? 0;
  const callEnd = int64Number(call?.date_ended);
  const speakers = new Map<string, Speaker>();
  const segments = lines.map(({ line, at }, index) => {
    const speaker = speakerOf(line);
    if (!speakers.has(speaker.id)) speakers.set(speaker.id, speaker);
    const nextAt = lines[index + 1]?.at ?? callEnd ?? at;
    return {
      start: seconds(at - callStart),
      end: seconds(Math.max(nextAt, at) - callStart),
      text: line.content ?? '',
      speakerId: speaker.id,
    };
  });
  return {
    id,
    remoteId: id,
    fields: compact({
      call: { id },
      duration: msToSeconds(call?.duration),
      speakers: [...speakers.values()],
      segments,
    }),
    raw: transcript as Record<string, unknown>,
  };
}
