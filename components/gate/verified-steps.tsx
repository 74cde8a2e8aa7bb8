'use client';
import { useCallback, useEffect, useState } from 'react';
import { webAuthnAvailable } from '@/lib/passkey/ceremony';
import {
  approveWithServerChallenge,
  enrolWithServer,
  fetchVerifiedChallenge,
  type VerifiedChallenge,
} from '@/lib/passkey/verified-ceremony';
import { preloadWebAuthn } from '@/lib/passkey/webauthn-browser';
import type { GateAnswer } from '@/lib/store/gates';
import { Button } from '../ui/button';

type Step = 'asking' | 'unsupported' | 'enrol' | 'approve' | 'working' | 'failed';
type Challenge = Extract<VerifiedChallenge, { kind: 'challenge' }>;

/**
 * SEP-2672 verified approval: the MCP server issues a challenge for this exact call and shows its
 * `displayText`, verbatim, above the host's own rendering of the arguments; the user's passkey
 * signs it; the server verifies the assertion when the call reaches it. First use enrols a passkey
 * with that server (which approves nothing by itself).
 */
export function VerifiedSteps({
  gateId,
  serverName,
  onAnswer,
}: {
  gateId: string;
  serverName: string;
  onAnswer: (answer: GateAnswer) => void;
}) {
  const [step, setStep] = useState<Step>('asking');
  const [challenge, setChallenge] = useState<Challenge | null>(null);
  const [note, setNote] = useState<string | null>(null);

  const ask = useCallback(async () => {
    setStep('asking');
    const issued = await fetchVerifiedChallenge(gateId);
    if (!issued.ok) {
      setNote(issued.error);
      setStep('failed');
      return;
    }
    if (issued.value.kind === 'enrol') {
      setStep('enrol');
      return;
    }
    setChallenge(issued.value);
    setStep('approve');
  }, [gateId]);

  useEffect(() => {
    if (!webAuthnAvailable()) setStep('unsupported');
    else {
      preloadWebAuthn();
      void ask();
    }
  }, [ask]);

  async function enrol() {
    setStep('working');
    const enrolled = await enrolWithServer(gateId);
    if (!enrolled.ok) {
      setNote(enrolled.error);
      setStep('enrol');
      return;
    }
    setNote(`Passkey enrolled with ${serverName}. Now approve the action with it.`);
    await ask();
  }

  async function approve() {
    if (!challenge) return;
    setStep('working');
    const result = await approveWithServerChallenge(challenge.requestOptions);
    if (result.ok) return onAnswer({ approved: true, assertion: result.assertion });
    onAnswer({ approved: false, reason: result.reason });
  }

  const cancel = (
    <Button data-testid="gate-cancel" onClick={() => onAnswer({ approved: false, reason: 'cancelled' })}>
      Cancel
    </Button>
  );

  return (
    <div className="mt-4 space-y-3" data-testid="verified-steps" data-step={step}>
      {challenge ? (
        <div className="rounded border border-border p-3">
          <p className="text-xs text-muted">{serverName} asks you to approve, in its own words:</p>
          <p className="mt-1 whitespace-pre-wrap break-words font-medium" data-testid="verified-display-text">
            {challenge.displayText}
          </p>
          <p className="mt-2 text-xs text-muted" data-testid="verified-authenticator">
            {challenge.authenticatorClass === 'platform'
              ? `${serverName} asks for the passkey on this device.`
              : `${serverName} asks for a security key or a passkey on your phone.`}
          </p>
        </div>
      ) : null}
      {note ? (
        <p className={`text-sm ${step === 'failed' ? 'text-danger' : 'text-muted'}`} role="status">
          {note}
        </p>
      ) : null}
      {step === 'asking' || step === 'working' ? (
        <p className="text-sm text-muted">Waiting for {serverName} and your passkey…</p>
      ) : null}
      {step === 'unsupported' ? (
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm text-danger">
            This browser cannot use passkeys, so this action cannot run here.
          </p>
          <Button onClick={() => onAnswer({ approved: false, reason: 'webauthn-unavailable' })}>Close</Button>
        </div>
      ) : null}
      {step === 'enrol' ? (
        <div className="space-y-2">
          <p className="text-sm">
            {serverName} checks each approval itself and does not know a passkey of yours yet. Enrol one with
            it first; enrolling does not approve this action.
          </p>
          <div className="flex justify-end gap-2">
            {cancel}
            <Button variant="primary" data-testid="verified-enrol" onClick={() => void enrol()}>
              Enrol a passkey
            </Button>
          </div>
        </div>
      ) : null}
      {step === 'approve' || step === 'failed' ? (
        <div className="flex justify-end gap-2">
          {cancel}
          {step === 'failed' ? (
            <Button onClick={() => void ask()}>Try again</Button>
          ) : (
            <Button variant="primary" data-testid="gate-confirm" onClick={() => void approve()}>
              Approve with passkey
            </Button>
          )}
        </div>
      ) : null}
    </div>
  );
}
