/** Next runs this once as the server starts. */
export async function register(): Promise<void> {
  if (process.env.NEXT_RUNTIME !== 'nodejs') return;
  const { startIdleGc } = await import('./lib/runtime/idle-gc');
  startIdleGc();
}
