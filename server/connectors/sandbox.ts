/** Placeholder until the sandbox fakes land: every sandbox path is unknown. */
export async function handleSandboxRequest(request: Request): Promise<Response> {
  return new Response(`no sandbox route for ${new URL(request.url).pathname}`, { status: 404 });
}
