export interface NavItem {
  href: string;
  label: string;
}

/** The dashboard's sections, in menu order. */
export const NAV_ITEMS: readonly NavItem[] = [
  { href: '/connections', label: 'Connections' },
  { href: '/authorizations', label: 'Authorizations' },
  { href: '/webhooks', label: 'Webhooks' },
  { href: '/deliveries', label: 'Deliveries' },
  { href: '/error-log', label: 'Error log' },
  { href: '/request-log', label: 'Request log' },
  { href: '/api-keys', label: 'API keys' },
  { href: '/connector-apps', label: 'Connector apps' },
  { href: '/settings', label: 'Settings' },
];

export function isActive(pathname: string, href: string): boolean {
  return pathname === href || pathname.startsWith(`${href}/`);
}
