import { handleV1Request } from '@/server/http/routes';

// All of /v1 goes through one pipeline (server/http/pipeline.ts), which owns routing, 404 and 405 bodies.
export const dynamic = 'force-dynamic';
export const runtime = 'nodejs';

const handle = (request: Request) => handleV1Request(request);
export { handle as GET, handle as POST, handle as PUT, handle as PATCH, handle as DELETE, handle as HEAD, handle as OPTIONS };
