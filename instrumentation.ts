/** Next runs this once as the server starts. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startIdleGc } = await import('./lib/runtime/idle-gc');
  startIdleGc();
  // Turns an earlier run of this host, or a dead instance of the deployment, left unfinished are
  // marked in their conversations (lib/llm/interrupted-turns.ts); off the start's path.
  const [{ markInterruptedTurnsAtStart }, { getDb }] = await Promise.all([
    import('./lib/llm/interrupted-turns'),
    import('./lib/db'),
  ]);
  markInterruptedTurnsAtStart(getDb);
}
