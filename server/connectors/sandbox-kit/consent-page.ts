import { escapeHtml, htmlResponse } from './http';

export interface ConsentView {
  vendorName: string;
  logo: string;
  /** Where the form posts: the authorize path itself. */
  action: string;
  /** The original authorize query, carried through the form as hidden fields. */
  hidden: URLSearchParams;
  scopes: readonly string[];
  email: string;
  clientId: string;
  redirectHost: string;
  error?: string;
}

const STYLE = `
  body { font: 16px/1.5 system-ui, sans-serif; background: #f4f5f7; color: #1d2330; margin: 0; }
  main { max-width: 28rem; margin: 3rem auto; background: #fff; border-radius: 12px; padding: 2rem; box-shadow: 0 1px 4px #0002; }
  main > img { vertical-align: middle; margin-right: .5rem; }
  .badge { display: inline-block; vertical-align: middle; font-size: .8rem; background: #fff4ce; color: #6b4e00; border-radius: 999px; padding: .1rem .7rem; }
  h1 { font-size: 1.3rem; margin: 1rem 0 .5rem; }
  ul { padding-left: 1.2rem; } code { font-size: .9rem; }
  label { display: block; font-weight: 600; margin-top: 1rem; }
  input[type=email] { width: 100%; box-sizing: border-box; font: inherit; padding: .5rem; border: 1px solid #8a94a6; border-radius: 6px; }
  .error { color: #a4001d; }
  .actions { display: flex; gap: .75rem; margin-top: 1.5rem; }
  button { font: inherit; padding: .55rem 1.4rem; border-radius: 6px; border: 1px solid #1d2330; background: #fff; cursor: pointer; }
  button[value=approve] { background: #1d2330; color: #fff; }
  button:focus-visible, input:focus-visible { outline: 3px solid #2f6fed; outline-offset: 2px; }`;

/** The fake's consent page: one form, real buttons, the original query in hidden fields (no script needed). */
export function consentPage(view: ConsentView, status = 200): Response {
  const name = escapeHtml(view.vendorName);
  const hidden = [...view.hidden]
    .map(([key, value]) => `<input type="hidden" name="${escapeHtml(key)}" value="${escapeHtml(value)}">`)
    .join('\n      ');
  const scopes = view.scopes.length
    ? `<ul>${view.scopes.map((scope) => `<li><code>${escapeHtml(scope)}</code></li>`).join('')}</ul>`
    : `<p>No particular scope: ${name}'s default access.</p>`;
  const error = view.error ? `<p class="error" id="email-error" role="alert">${escapeHtml(view.error)}</p>` : '';
  const html = `<!doctype html>
<html lang="en">
<head>
  <meta charset="utf-8">
  <meta name="viewport" content="width=device-width, initial-scale=1">
  <title>Authorize access to ${name} (sandbox)</title>
  <style>${STYLE}</style>
</head>
<body>
  <main>
    <img src="${escapeHtml(view.logo)}" alt="" width="48" height="48">
    <p class="badge">Sandbox: a fake ${name} for development and tests</p>
    <h1>Allow access to your ${name} account?</h1>
    <p>The application <code>${escapeHtml(view.clientId)}</code> asks for these permissions:</p>
    ${scopes}
    <p>You will be sent back to <strong>${escapeHtml(view.redirectHost)}</strong>.</p>
    <form method="post" action="${escapeHtml(view.action)}">
      ${hidden}
      <label for="email">Signed in as</label>
      <input id="email" name="email" type="email" value="${escapeHtml(view.email)}" required autocomplete="email"${
        view.error ? ' aria-invalid="true" aria-describedby="email-error"' : ''
      }>
      ${error}
      <div class="actions">
        <button type="submit" name="decision" value="approve">Approve</button>
        <button type="submit" name="decision" value="deny" formnovalidate>Deny</button>
      </div>
    </form>
  </main>
</body>
</html>
`;
  return htmlResponse(html, status);
}

/** A refusal that must not redirect (unknown client, bad redirect_uri: RFC 6749 §4.1.2.1). */
export function authorizeErrorPage(vendorName: string, message: string): Response {
  const name = escapeHtml(vendorName);
  return htmlResponse(
    `<!doctype html>
<html lang="en">
<head><meta charset="utf-8"><title>${name} (sandbox): authorization error</title><style>${STYLE}</style></head>
<body>
  <main>
    <p class="badge">Sandbox: a fake ${name}</p>
    <h1>This authorization request is invalid</h1>
    <p class="error" role="alert">${escapeHtml(message)}</p>
  </main>
</body>
</html>
`,
    400,
  );
}
