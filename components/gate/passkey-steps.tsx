'use client';
import { useEffect, useState } from 'react';
import {
  addAnotherPasskey,
  confirmWithPasskey,
  hasPasskey,
  registerPasskey,
  webAuthnAvailable,
} from '@/lib/passkey/ceremony';
import { preloadWebAuthn } from '@/lib/passkey/webauthn-browser';
import type { GateAnswer } from '@/lib/store/gates';
import { Button } from '../ui/button';

type Step = 'checking' | 'unsupported' | 'register' | 'confirm' | 'working' | 'unavailable' | 'not-used';

/** What the user reads when the prompt ended without a passkey: nothing was sent, and what to do. */
const NOT_USED = {
  timedOut: 'The passkey prompt timed out before a passkey was used. Nothing was sent.',
  dismissed:
    'No passkey was used, so nothing was sent. If you closed the prompt, try again. If this device has no passkey for this site, use the one on another device (your phone, through the code your browser offers), or add a passkey to this device.',
};

/**
 * The passkey gate (spec 7.2): Phase 1 checks WebAuthn and the user; Phase 3 registers a passkey if
 * there is none (registration alone authorises nothing); Phase 4 fetches the challenge issued for
 * this exact call and runs the ceremony. Every failure ends as a refusal the model can explain.
 */
export function PasskeySteps({
  gateId,
  onAnswer,
}: {
  gateId: string;
  onAnswer: (answer: GateAnswer) => void;
}) {
  const [step, setStep] = useState<Step>('checking');
  const [note, setNote] = useState<string | null>(null);

  useEffect(() => {
    if (!webAuthnAvailable()) {
      setStep('unsupported');
      return;
    }
    preloadWebAuthn();
    void hasPasskey().then((status) => {
      if (!status.ok) {
        setStep('unavailable');
        setNote(status.error || 'The passkey server cannot be reached.');
      } else setStep(status.registered ? 'confirm' : 'register');
    });
  }, []);

  async function register() {
    setStep('working');
    const result = await registerPasskey();
    if (result.ok) {
      setNote('Passkey created. Now confirm the action with it.');
      setStep('confirm');
    } else {
      setNote(
        result.kind === 'cancelled'
          ? 'The passkey was not created. You can try again or cancel.'
          : result.error,
      );
      setStep('register');
    }
  }

  async function confirm() {
    setStep('working');
    setNote(null);
    const result = await confirmWithPasskey(gateId);
    if (result.ok) return onAnswer({ approved: true, assertion: result.assertion });
    if (result.reason === 'closed') return onAnswer({ approved: false, reason: 'expired' });
    // Dismissed, timed out or no passkey here: WebAuthn does not say which. The user chooses what next.
    if (result.reason === 'cancelled') {
      setNote(result.timedOut ? NOT_USED.timedOut : NOT_USED.dismissed);
      setStep('not-used');
      return;
    }
    onAnswer({ approved: false, reason: result.reason });
  }

  /** A passkey for this device, proven with one the user has elsewhere (addAnotherPasskey). */
  async function addHere() {
    setStep('working');
    setNote(null);
    const result = await addAnotherPasskey();
    if (result.ok) {
      setNote('Passkey added to this device. Now confirm the action with it.');
      setStep('confirm');
    } else {
      setNote(`${result.error} Nothing was sent.`);
      setStep('not-used');
    }
  }

  const cancel = (
    <Button data-testid="gate-cancel" onClick={() => onAnswer({ approved: false, reason: 'cancelled' })}>
      Cancel
    </Button>
  );

  return (
    <div className="mt-4 space-y-3" data-testid="passkey-steps" data-step={step}>
      {note ? (
        <p className="text-sm text-muted" role="status">
          {note}
        </p>
      ) : null}
      {step === 'checking' || step === 'working' ? (
        <p className="text-sm text-muted">Waiting for your passkey…</p>
      ) : null}
      {step === 'unsupported' ? (
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm text-danger">
            This browser cannot use passkeys, so this action cannot run here.
          </p>
          <Button onClick={() => onAnswer({ approved: false, reason: 'webauthn-unavailable' })}>Close</Button>
        </div>
      ) : null}
      {step === 'unavailable' ? (
        <div className="flex items-center justify-between gap-2">
          <p className="text-sm text-danger">
            The passkey server cannot be reached, so this action cannot run now.
          </p>
          <Button onClick={() => onAnswer({ approved: false, reason: 'fido2-unavailable' })}>Close</Button>
        </div>
      ) : null}
      {step === 'register' ? (
        <div className="space-y-2">
          <p className="text-sm">
            You have no passkey yet. Create one first; creating it does not approve this action.
          </p>
          <div className="flex justify-end gap-2">
            {cancel}
            <Button variant="primary" data-testid="passkey-register" onClick={() => void register()}>
              Create a passkey
            </Button>
          </div>
        </div>
      ) : null}
      {step === 'not-used' ? (
        <div className="flex flex-wrap justify-end gap-2" data-testid="passkey-not-used">
          {cancel}
          <Button data-testid="passkey-add-here" onClick={() => void addHere()}>
            Add a passkey to this device
          </Button>
          <Button variant="primary" data-testid="passkey-retry" onClick={() => void confirm()}>
            Try again
          </Button>
        </div>
      ) : null}
      {step === 'confirm' ? (
        <div className="flex justify-end gap-2">
          {cancel}
          <Button variant="primary" data-testid="gate-confirm" onClick={() => void confirm()}>
            Confirm with passkey
          </Button>
        </div>
      ) : null}
    </div>
  );
}
