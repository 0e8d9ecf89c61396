import type { SandboxAccount } from '../sandbox-kit/accounts';

/**
 * The Dialpad fake's records, per sandbox account: users, contacts, calls and their transcripts. Like the OAuth
 * state they live on `globalThis` (Next.js may load this module more than once) and vanish on restart.
 *
 * Values are stored as Dialpad sends them: proto3 JSON, so int64 ids and epoch milliseconds are decimal strings.
 */
export interface FakeUser {
  id: string;
  company_id: string;
  office_id: string;
  first_name: string;
  last_name: string;
  display_name: string;
  emails: string[];
  phone_numbers: string[];
  country: string;
  date_added: string;
  is_admin: boolean;
  job_title: string;
  license: 'talk';
  state: 'active';
  timezone: string;
}

export interface FakeContact {
  id: string;
  first_name: string;
  last_name: string;
  display_name: string;
  company_name?: string;
  job_title?: string;
  emails: string[];
  phones: string[];
  owner_id?: string;
  type: 'local' | 'shared';
}

export interface FakeCallParty {
  id: string;
  name: string;
  phone: string;
  email: string;
  type: 'user' | 'contact';
}

export interface FakeCall {
  call_id: string;
  direction: 'inbound' | 'outbound';
  state: string;
  date_started: string;
  date_rang: string;
  date_connected?: string;
  /** Absent while the call is live. */
  date_ended?: string;
  duration: number;
  total_duration: number;
  internal_number: string;
  external_number: string;
  contact: FakeCallParty;
  target: FakeCallParty;
  was_recorded: boolean;
  recording_details: { id: string; recording_type: 'callrecording'; url: string; duration: string; start_time: string }[];
  voicemail_share_link?: string;
}

export interface FakeTranscriptLine {
  type: 'transcript' | 'moment';
  time: string;
  content: string;
  name: string;
  user_id?: string;
  contact_id?: string;
}

export interface DialpadAccountData {
  users: FakeUser[];
  contacts: Map<string, FakeContact>;
  calls: FakeCall[];
  transcripts: Map<string, FakeTranscriptLine[]>;
  nextContact: number;
}

const GLOBAL_KEY = '__unifiedIntegrationDialpadSandboxData';
type Holder = typeof globalThis & { [GLOBAL_KEY]?: Map<string, DialpadAccountData> };

export const SEEDED_CALLS = 25;
// A fixed clock for seeded calls (2026-10-01T12:00:00.000Z), one call an hour going back, so runs are repeatable.
const FIRST_CALL_MS = Date.UTC(2026, 9, 1, 12);
const OTHER_USERS = [
  ['Ava', 'Patel', 'Account Executive'],
  ['Liam', 'Chen', 'Support Lead'],
  ['Noah', 'Garcia', 'Sales Engineer'],
  ['Mia', 'Rossi', 'Customer Success'],
] as const;

function seedUsers(account: SandboxAccount): FakeUser[] {
  const people = [[account.firstName, account.lastName, 'Administrator'] as const, ...OTHER_USERS];
  return people.map(([first, last, title], index) => ({
    id: String(account.number(`user-${index}`, 15)),
    company_id: String(account.number('company', 15)),
    office_id: String(account.number('office', 15)),
    first_name: first,
    last_name: last,
    display_name: `${first} ${last}`,
    emails: [index === 0 ? account.email : `${first}.${last}@${account.domain}`.toLowerCase()],
    phone_numbers: [`+1415555${String(100 + index).padStart(4, '0')}`],
    country: 'us',
    date_added: new Date(account.createdAt.getTime() + index * 86_400_000).toISOString(),
    is_admin: index === 0,
    job_title: title,
    license: 'talk',
    state: 'active',
    timezone: 'America/Los_Angeles',
  }));
}

function seedContacts(account: SandboxAccount, users: FakeUser[]): FakeContact[] {
  const contact = (index: number, first: string, last: string, email: string, phone: string, owner?: FakeUser): FakeContact => ({
    id: String(account.number(`contact-${index}`, 15)),
    first_name: first,
    last_name: last,
    display_name: `${first} ${last}`,
    company_name: 'Globex',
    emails: [email],
    phones: [phone],
    ...(owner ? { owner_id: owner.id, type: 'local' as const } : { type: 'shared' as const }),
  });
  return [
    contact(0, 'Grace', 'Hopper', 'grace.hopper@globex.example', '+14155550181'),
    contact(1, 'Alan', 'Turing', 'alan.turing@globex.example', '+442071838750'),
    // Imported long ago: Dialpad kept an address that is not an e-mail (reads flag it with FIELD_CONSTRAINT).
    contact(2, 'Legacy', 'Import', 'front desk at globex', '+14155550199'),
    contact(3, 'Katherine', 'Johnson', 'katherine.johnson@globex.example', '+17575550123', users[1]),
  ];
}

const party = (type: 'user' | 'contact', id: string, name: string, phone: string, email: string): FakeCallParty => ({
  id,
  name,
  phone,
  email,
  type,
});

function seedCalls(account: SandboxAccount, users: FakeUser[], contacts: FakeContact[]) {
  const calls: FakeCall[] = [];
  const transcripts = new Map<string, FakeTranscriptLine[]>();
  for (let index = 0; index < SEEDED_CALLS; index += 1) {
    const user = users[index % users.length] as FakeUser;
    const other = contacts[index % 3] as FakeContact;
    const kind = index % 5;
    const direction = kind === 0 || kind === 4 ? 'outbound' : 'inbound';
    const started = FIRST_CALL_MS - index * 3_600_000;
    const connected = kind === 2 || kind === 3 ? undefined : started + 8_000;
    const durationMs = connected ? (60 + index * 7) * 1000 + 400 : 0;
    const ended = (connected ?? started + 25_000) + durationMs;
    const callId = String(account.number(`call-${index}`, 15));
    const userPhone = user.phone_numbers[0] ?? '';
    const contactPhone = other.phones[0] ?? '';
    calls.push({
      call_id: callId,
      direction,
      state: kind === 2 ? 'missed' : kind === 3 ? 'voicemail' : 'hangup',
      date_started: String(started),
      date_rang: String(started + 1_000),
      ...(connected ? { date_connected: String(connected) } : {}),
      date_ended: String(ended),
      duration: durationMs,
      total_duration: ended - started,
      internal_number: userPhone,
      external_number: contactPhone,
      contact: party('contact', other.id, other.display_name, contactPhone, other.emails[0] ?? ''),
      target: party('user', user.id, user.display_name, userPhone, user.emails[0] ?? ''),
      was_recorded: connected !== undefined,
      recording_details: connected
        ? [
            {
              id: `rec-${callId}`,
              recording_type: 'callrecording',
              url: `https://sandbox.dialpad.com/r/${callId}.mp3`,
              duration: String(durationMs),
              start_time: String(connected),
            },
          ]
        : [],
      ...(kind === 3 ? { voicemail_share_link: `https://sandbox.dialpad.com/v/${callId}` } : {}),
    });
    if (connected) {
      const at = (seconds: number) => new Date(connected + seconds * 1000).toISOString();
      const userLine = (seconds: number, content: string): FakeTranscriptLine => ({
        type: 'transcript',
        time: at(seconds),
        content,
        name: user.display_name,
        user_id: user.id,
      });
      const contactLine = (seconds: number, content: string): FakeTranscriptLine => ({
        type: 'transcript',
        time: at(seconds),
        content,
        name: other.display_name,
        contact_id: other.id,
      });
      transcripts.set(callId, [
        userLine(1, `Hello, this is ${user.first_name} from ${account.companyName}.`),
        contactLine(4.5, `Hi ${user.first_name}, thanks for calling back.`),
        { type: 'moment', time: at(6), content: 'pricing', name: 'Dialpad Ai' },
        userLine(9, 'I wanted to follow up on the quote we sent.'),
        contactLine(14.2, 'Great, we reviewed it and have a few questions.'),
      ]);
    }
  }
  return { calls, transcripts };
}

/** The records of one sandbox account, seeded on first use. */
export function accountData(account: SandboxAccount): DialpadAccountData {
  const holder = globalThis as Holder;
  holder[GLOBAL_KEY] ??= new Map();
  const key = account.email;
  let data = holder[GLOBAL_KEY].get(key);
  if (!data) {
    const users = seedUsers(account);
    const contacts = seedContacts(account, users);
    const { calls, transcripts } = seedCalls(account, users, contacts);
    data = { users, contacts: new Map(contacts.map((contact) => [contact.id, contact])), calls, transcripts, nextContact: contacts.length };
    holder[GLOBAL_KEY].set(key, data);
  }
  return data;
}

/** Forgets every account's records (tests). */
export function resetDialpadSandboxData(): void {
  (globalThis as Holder)[GLOBAL_KEY]?.clear();
}
