import { json } from '../sandbox-kit/http';

// Dialpad answers errors in the Google Cloud Endpoints style: { error: { code, message, errors: [...] } }.
// Its OpenAPI file documents no error bodies; this shape is what the API sends.
export function dialpadError(status: number, reason: string, message: string): Response {
  return json({ error: { code: status, message, errors: [{ domain: 'global', reason, message }] } }, status);
}

export const badRequest = (message: string) => dialpadError(400, 'badRequest', message);
export const notFound = (message: string) => dialpadError(404, 'notFound', message);
