import Link from 'next/link';

export default function NotFound() {
  return (
    <main className="flex flex-1 flex-col items-center justify-center gap-3 p-6 text-center">
      <h1 className="text-lg font-semibold">Conversation not found</h1>
      <p className="text-sm text-muted">It may have been deleted, or it belongs to someone else.</p>
      <Link href="/" className="rounded-md border border-border px-3 py-1.5 text-sm hover:bg-surface-2">
        Start a new chat
      </Link>
    </main>
  );
}
