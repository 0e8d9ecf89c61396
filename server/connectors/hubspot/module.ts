import type { ConnectorModule } from '../framework';
import { hubspot } from './declaration';

/** HubSpot: the models and actions of spec/connectors.md, mapped both ways. */
export const hubspotModule: ConnectorModule = {
  declaration: hubspot,
  models: {},
  authHeaders: (credentials): Record<string, string> =>
    credentials.accessToken ? { authorization: `Bearer ${credentials.accessToken}` } : {},
};
