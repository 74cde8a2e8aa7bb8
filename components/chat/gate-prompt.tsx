'use client';
import { useEffect } from 'react';
import { type GatePrompt, submitGateAnswer, useGates } from '@/lib/store/gates';

/** A model-proposed call waiting at its gate: asks the user once, while the turn is live. */
export function GateAsk({ ticket, live }: { ticket: GatePrompt; live: boolean }) {
  const ask = useGates((s) => s.ask);
  useEffect(() => {
    if (!live || ticket.expiresAt < Date.now()) return;
    void ask(ticket).then((approved) => submitGateAnswer(ticket.id, approved));
  }, [ask, ticket, live]);
  return (
    <p className="text-sm text-warn" data-testid="gate-waiting">
      {live ? 'Waiting for your confirmation…' : 'This call was waiting for a confirmation that never came.'}
    </p>
  );
}
