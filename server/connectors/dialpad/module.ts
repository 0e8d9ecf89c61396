import type { ConnectorModule } from '../framework';
import { dialpad } from './declaration';

/** Dialpad: the models and actions of spec/connectors.md, mapped both ways. */
export const dialpadModule: ConnectorModule = {
  declaration: dialpad,
  models: {},
  authHeaders: (credentials): Record<string, string> =>
    credentials.accessToken ? { authorization: `Bearer ${credentials.accessToken}` } : {},
};
