export const DEFAULT_AFTER_LOGIN = '/connections';

/**
 * Where to go after signing in. Only a same-origin relative path is followed: an absolute URL, a
 * protocol-relative `//host` or a backslash trick (`/\host`, which browsers treat as `//host`) would turn the
 * login page into an open redirect.
 */
export function safeCallbackPath(value: string | string[] | null | undefined): string {
  const candidate = Array.isArray(value) ? value[0] : value;
  if (!candidate || !candidate.startsWith('/') || candidate.startsWith('//') || candidate.includes('\\')) return DEFAULT_AFTER_LOGIN;
  // eslint-disable-next-line no-control-regex -- control characters are stripped by URL parsers, so refuse them.
  if (/[\u0000-\u001f\u007f]/.test(candidate)) return DEFAULT_AFTER_LOGIN;
  const base = 'http://same-origin.invalid';
  const url = new URL(candidate, base);
  if (url.origin !== base || url.pathname.startsWith('/login')) return DEFAULT_AFTER_LOGIN;
  return `${url.pathname}${url.search}${url.hash}`;
}
