import 'server-only';

export interface ListWrapper<T> {
  object: 'list';
  data: T[];
  next: string | null;
}

export interface ConnectionView {
  object: 'connection';
  connectorId: string;
  ownerId: string;
  operations: string[];
  status: 'unauthorized' | 'authorized' | 'expired';
  createdAt: string;
  updatedAt: string;
}

/**
 * Lists an organization's connections. Connections are not stored yet (issue #3 adds them), so the list is
 * empty; the query is already validated so callers get the final contract's errors.
 */
export function listConnections(options: { organizationId: string; limit: number; cursor?: string }): ListWrapper<ConnectionView> {
  void options;
  return { object: 'list', data: [], next: null };
}
