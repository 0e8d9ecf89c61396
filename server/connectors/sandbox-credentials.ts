/** The OAuth client of every sandbox fake: what the connectors use in sandbox mode and the fakes accept. */
export function sandboxClientCredentials(connectorId: string): { clientId: string; clientSecret: string } {
  return { clientId: `sandbox-${connectorId}-client`, clientSecret: `sandbox-${connectorId}-secret` };
}
