import type { SandboxAccount } from '../sandbox-kit/accounts';
import { CRM_OBJECT_TYPES, type CrmObjectType } from './association-types';
import { defaultProperties, type FakeProperty, type FakePropertyGroup } from './sandbox-properties';

/**
 * The HubSpot fake's records, one portal per sandbox account (hub id). Like the engine's token state it lives on
 * `globalThis`, so every copy of this module in one process sees the same portals.
 */
export interface FakeObject {
  id: string;
  properties: Record<string, string | null>;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
}

export interface FakeOwner {
  id: string;
  email: string;
  firstName: string;
  lastName: string;
  userId: number;
  userIdIncludingInactive: number;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  teams: { id: string; name: string; primary: boolean }[];
}

export interface FakeStage {
  id: string;
  label: string;
  displayOrder: number;
  metadata: { isClosed: string; probability: string };
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  writePermissions: string;
}

export interface FakePipeline {
  id: string;
  label: string;
  displayOrder: number;
  createdAt: string;
  updatedAt: string;
  archived: boolean;
  stages: FakeStage[];
}

export interface Portal {
  portalId: number;
  account: SandboxAccount;
  nextId: number;
  objects: Record<CrmObjectType, Map<string, FakeObject>>;
  /** Undirected association edges, `type:id|type:id` in a canonical order. */
  associations: Set<string>;
  properties: Record<CrmObjectType, Map<string, FakeProperty>>;
  groups: Record<CrmObjectType, Map<string, FakePropertyGroup>>;
  owners: FakeOwner[];
  pipelines: FakePipeline[];
}

interface HubSpotFakeState {
  portals: Map<number, Portal>;
  /** The next this many API calls answer 500 (a test switch: HubSpot has no way to ask for one). */
  serverErrors: number;
}

const GLOBAL_KEY = '__unifiedIntegrationHubSpotFake';
type Holder = typeof globalThis & { [GLOBAL_KEY]?: HubSpotFakeState };

function fakeState(): HubSpotFakeState {
  const holder = globalThis as Holder;
  holder[GLOBAL_KEY] ??= { portals: new Map(), serverErrors: 0 };
  return holder[GLOBAL_KEY];
}

const perType = <T>(make: (type: CrmObjectType) => T): Record<CrmObjectType, T> =>
  Object.fromEntries(CRM_OBJECT_TYPES.map((type) => [type, make(type)])) as Record<CrmObjectType, T>;

// HubSpot's default deal pipeline and stages: https://knowledge.hubspot.com/object-settings/set-up-and-customize-pipelines
const DEFAULT_STAGES: [string, string, string, boolean][] = [
  ['appointmentscheduled', 'Appointment Scheduled', '0.2', false],
  ['qualifiedtobuy', 'Qualified To Buy', '0.4', false],
  ['presentationscheduled', 'Presentation Scheduled', '0.6', false],
  ['decisionmakerboughtin', 'Decision Maker Bought-In', '0.8', false],
  ['contractsent', 'Contract Sent', '0.9', false],
  ['closedwon', 'Closed Won', '1.0', true],
  ['closedlost', 'Closed Lost', '0.0', true],
];

function seedPortal(portalId: number, account: SandboxAccount): Portal {
  const created = account.createdAt.toISOString();
  const owner = (label: string, email: string, firstName: string, lastName: string): FakeOwner => ({
    id: String(account.number(`owner ${label}`, 9)),
    email,
    firstName,
    lastName,
    userId: account.number(`owner user ${label}`, 8),
    userIdIncludingInactive: account.number(`owner user ${label}`, 8),
    createdAt: created,
    updatedAt: created,
    archived: false,
    teams: [],
  });
  return {
    portalId,
    account,
    nextId: 101,
    objects: perType(() => new Map()),
    associations: new Set(),
    properties: perType((type) => new Map(defaultProperties(type, created).map((property) => [property.name, property]))),
    groups: perType(() => new Map()),
    owners: [owner('1', account.email, account.firstName, account.lastName), owner('2', `sales.rep@${account.domain}`, 'Sales', 'Rep')],
    pipelines: [
      {
        id: 'default',
        label: 'Sales Pipeline',
        displayOrder: 0,
        createdAt: created,
        updatedAt: created,
        archived: false,
        stages: DEFAULT_STAGES.map(([id, label, probability, isClosed], displayOrder) => ({
          id,
          label,
          displayOrder,
          metadata: { isClosed: String(isClosed), probability },
          createdAt: created,
          updatedAt: created,
          archived: false,
          writePermissions: 'CRM_PERMISSIONS_ENFORCEMENT',
        })),
      },
    ],
  };
}

/** The portal of a sandbox account, seeded with two owners and the default deal pipeline on first use. */
export function portalOf(account: SandboxAccount): Portal {
  const portalId = account.number('hub_id', 8);
  const portals = fakeState().portals;
  let portal = portals.get(portalId);
  if (!portal) {
    portal = seedPortal(portalId, account);
    portals.set(portalId, portal);
  }
  return portal;
}

export function nextObjectId(portal: Portal): string {
  portal.nextId += 1;
  return String(portal.nextId);
}

/** Test switch: the next `count` HubSpot API calls answer HTTP 500. */
export function failNextHubSpotCalls(count: number): void {
  fakeState().serverErrors = Math.max(0, Math.floor(count));
}

export function takeServerError(): boolean {
  const state = fakeState();
  if (state.serverErrors <= 0) return false;
  state.serverErrors -= 1;
  return true;
}

/** Forgets every portal (records, custom properties). */
export function resetHubSpotPortals(): void {
  fakeState().portals.clear();
  fakeState().serverErrors = 0;
}
