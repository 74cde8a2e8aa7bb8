'use client';
import { useEffect } from 'react';
import { GATE_TABLE } from '@/lib/mcplet/gates';
import { askGate, type GatePrompt } from '@/lib/store/gates';
import { type Notice, useNotices } from '@/lib/store/notices';

/** A model-proposed call waiting at its gate: asks the user once, while the turn is live. */
export function GateAsk({ ticket, live }: { ticket: GatePrompt; live: boolean }) {
  useEffect(() => {
    if (!live || ticket.expiresAt < Date.now()) return;
    void askGate(ticket);
  }, [ticket, live]);
  return (
    <p className="text-sm text-warn" data-testid="gate-waiting">
      {live
        ? `Waiting for ${GATE_TABLE[ticket.gate].asks}…`
        : 'This call was waiting for a confirmation that never came.'}
    </p>
  );
}

/** A call that ran at the notify level in this live turn: the toast tells the user what ran, once. */
export function RanNotice(notice: Notice) {
  const push = useNotices((s) => s.push);
  useEffect(() => {
    push(notice);
  }, [push, notice]);
  return null;
}
