import { describe, expect, it } from 'vitest';
import { RESERVATION_CALL } from '../../tests/fixtures/gate-call';
import { LOST_WORDS } from './answers';
import type { GateKind } from './ticket';
import {
  decideStep,
  endedAnswer,
  endingOf,
  holderOf,
  loseStep,
  newRecord,
  type OpenRecord,
  spendStep,
  type TicketRecord,
  ticketOf,
} from './ticket-state';

const NOW = 1_000_000;
const input = RESERVATION_CALL;
const spendCall = {
  userId: 'alice',
  serverId: 'restaurant',
  toolName: 'create_reservation',
  args: input.args,
};

const opened = (kind: GateKind = 'model') => newRecord({ ...input, kind }, 't1', NOW, 60_000, 'instance-a');

function approved(): OpenRecord {
  const next = decideStep(opened(), NOW, 'alice', { approved: true }).next;
  if (next?.state !== 'approved') throw new Error('expected an approved record');
  return next;
}

describe('a model call outlives the instance whose turn waited on it: the lost ending', () => {
  it("a model's ticket records its holder; the dialog's ticket does not show it; a view's call has none", () => {
    expect(opened().holder).toBe('instance-a');
    expect(holderOf(opened(), 'alice')).toBe('instance-a');
    expect(holderOf(opened(), 'mallory')).toBeUndefined();
    expect(ticketOf(opened())).not.toHaveProperty('holder');
    expect(opened('view').holder).toBeUndefined();
  });

  it('a pending call ends as lost: the waiting call, if any, is woken with a refusal naming the loss', () => {
    const step = loseStep(opened(), NOW, 'alice');
    expect(step.result).toBe('lost');
    expect(step.next).toEqual({
      id: 't1',
      userId: 'alice',
      state: 'lost',
      outcome: { verdict: 'refused', code: 'AUTH_REQUIRED', message: LOST_WORDS, reason: 'lost' },
    });
    expect(step.wake).toMatchObject({ verdict: 'refused', reason: 'lost' });
    expect(holderOf(step.next, 'alice')).toBeUndefined();
    expect(endingOf(step.next, 'alice')).toBe('lost');
  });

  it('an approved call ends as lost without a second wake (its call already heard the approval); its spend is told it was lost', () => {
    const step = loseStep(approved(), NOW, 'alice');
    expect(step.result).toBe('lost');
    expect(step.wake).toBeUndefined();
    expect(spendStep(step.next, NOW, spendCall)).toEqual({ result: { ok: false, lost: true } });
    expect(spendStep(step.next, NOW, { ...spendCall, userId: 'mallory' })).toEqual({ result: { ok: false } });
  });

  it('a call spent first stays spent: the loss changes nothing and says so', () => {
    const spent = spendStep(approved(), NOW, spendCall).next;
    const step = loseStep(spent, NOW, 'alice');
    expect(step).toEqual({ result: 'used' });
  });

  it('a call past its time is expired, not lost', () => {
    const step = loseStep(opened(), NOW + 60_001, 'alice');
    expect(step.result).toBe('expired');
    expect(step.next).toMatchObject({ state: 'expired' });
  });

  it("nothing happens to another user's ticket, an unknown one, or a view's call (its answer dispatches it)", () => {
    expect(loseStep(opened(), NOW, 'mallory')).toEqual({ result: undefined });
    expect(loseStep(undefined, NOW, 'alice')).toEqual({ result: undefined });
    expect(loseStep(opened('view'), NOW, 'alice')).toEqual({ result: undefined });
  });

  it('an answer to a lost call is told it was lost (410, `lost`), never that it was taken', () => {
    const lost = loseStep(opened(), NOW, 'alice').next as TicketRecord;
    for (const answer of [{ approved: true }, { approved: false }])
      expect(decideStep(lost, NOW, 'alice', answer)).toEqual({
        result: { ok: false, status: 410, reason: LOST_WORDS, lost: true },
      });
    expect(endedAnswer('lost')).toEqual({ ok: false, status: 410, reason: LOST_WORDS, lost: true });
    expect(endedAnswer('expired')).toMatchObject({ status: 410 });
    expect(endedAnswer('expired')).not.toHaveProperty('lost');
    expect(endedAnswer('used')).toMatchObject({ status: 409 });
    expect(endedAnswer(undefined)).toMatchObject({ status: 404 });
  });
});
