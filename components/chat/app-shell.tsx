'use client';
import { type ReactNode, useState } from 'react';
import { ElicitationHost } from '../elicitation/elicitation-host';
import { GateHost } from '../gate/gate-host';
import { NoticeToasts } from '../gate/notice-toasts';
import { SignInOutcome } from '../sign-in/sign-in-outcome';
import { Sidebar } from './sidebar';

export function AppShell({ children }: { children: ReactNode }) {
  const [open, setOpen] = useState(false);
  return (
    <div className="flex h-dvh overflow-hidden">
      <aside
        id="sidebar"
        className={`${open ? 'fixed inset-y-0 left-0 z-30 flex' : 'hidden'} w-72 shrink-0 flex-col border-r border-border bg-surface md:static md:flex md:w-64`}
      >
        <div className="flex items-center justify-between px-4 pt-3 text-sm font-semibold">
          <span>MCPlet Host</span>
          <button
            type="button"
            className="rounded p-1 md:hidden"
            aria-label="Close the conversation list"
            onClick={() => setOpen(false)}
          >
            ✕
          </button>
        </div>
        <Sidebar onNavigate={() => setOpen(false)} />
      </aside>
      {open ? (
        <button
          type="button"
          aria-label="Close the conversation list"
          className="fixed inset-0 z-20 bg-black/30 md:hidden"
          onClick={() => setOpen(false)}
        />
      ) : null}
      <div className="flex min-w-0 flex-1 flex-col">
        <button
          type="button"
          className="m-2 self-start rounded-md border border-border px-2 py-1 text-sm md:hidden"
          aria-controls="sidebar"
          aria-expanded={open}
          onClick={() => setOpen(true)}
        >
          ☰ Conversations
        </button>
        {children}
      </div>
      <GateHost />
      <ElicitationHost />
      <NoticeToasts />
      <SignInOutcome />
    </div>
  );
}
