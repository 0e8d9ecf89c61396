import { handleSandboxRequest } from '@/server/connectors/sandbox';

// Every fake vendor goes through one dispatcher (server/connectors/sandbox.ts); it answers 404 unless SANDBOX is on.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const handle = (request: Request) => handleSandboxRequest(request);
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE };
