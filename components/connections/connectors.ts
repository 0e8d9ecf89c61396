'use client';

import { useMemo } from 'react';
import { trpc, type RouterInputs, type RouterOutputs } from '../trpc';

export type ConnectorInfo = RouterOutputs['connections']['connectors'][number];
export type ConnectorId = NonNullable<RouterInputs['connections']['list']['connectorId']>;

/** The catalogue (names, logos) for labels and the connector filter; it never changes while the app runs. */
export function useConnectors() {
  const query = trpc.connections.connectors.useQuery(undefined, { staleTime: Infinity });
  const byId = useMemo(
    () => new Map<string, ConnectorInfo>((query.data ?? []).map((connector) => [connector.id, connector])),
    [query.data],
  );
  return { list: query.data ?? [], byId };
}

/** React Query key of the connection list pages (plain client, see connections-explorer.tsx). */
export const CONNECTION_LIST_KEY = 'connections-list';
