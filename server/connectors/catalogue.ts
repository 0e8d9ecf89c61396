import { AppError } from '../errors';
import { aircall } from './aircall/declaration';
import { attio } from './attio/declaration';
import { calendly } from './calendly/declaration';
import { chargebee } from './chargebee/declaration';
import { dialpad } from './dialpad/declaration';
import { gong } from './gong/declaration';
import { hubspot } from './hubspot/declaration';
import { pipedrive } from './pipedrive/declaration';
import { salesforce } from './salesforce/declaration';
import { xero } from './xero/declaration';
import { isConnectorId, type ConnectorDeclaration, type ConnectorId } from './types';

export const CATALOGUE: Readonly<Record<ConnectorId, ConnectorDeclaration>> = {
  hubspot,
  salesforce,
  pipedrive,
  attio,
  aircall,
  dialpad,
  gong,
  calendly,
  xero,
  chargebee,
};

/** The declaration of a connector, or CONNECTOR::NOT_FOUND naming where the bad id came from. */
export function getConnector(connectorId: string, where = 'connectorId'): ConnectorDeclaration {
  if (!isConnectorId(connectorId)) {
    throw new AppError(
      'CONNECTOR::NOT_FOUND',
      `${where}: "${connectorId}" is not a connector; use one of ${Object.keys(CATALOGUE).join(', ')}`,
    );
  }
  return CATALOGUE[connectorId];
}
