/** The detail page of a connection; an owner id may hold any character (`/`, `?`, `#`…), so both parts are encoded. */
export function connectionHref(connectorId: string, ownerId: string): string {
  return `/connections/${encodeURIComponent(connectorId)}/${encodeURIComponent(ownerId)}`;
}
