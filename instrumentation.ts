/**
 * Runs once when the Next.js server starts: validates the configuration, migrates the database and, on first
 * start, creates the organization, its key pair and the first operator. A bad configuration stops the server
 * here with a message naming each bad variable, before it serves anything.
 */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startService } = await import('./server/start');
  await startService();
}
