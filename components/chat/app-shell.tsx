'use client';
import { usePathname } from 'next/navigation';
import { type ReactNode, useMemo, useState } from 'react';
import { AccountRow } from '../auth/account-row';
import { ElicitationHost } from '../elicitation/elicitation-host';
import { GateHost } from '../gate/gate-host';
import { NoticeToasts } from '../gate/notice-toasts';
import { SamplingHost } from '../sampling/sampling-host';
import { SignInOutcome } from '../sign-in/sign-in-outcome';
import { CloseIcon } from '../ui/icons';
import { Sidebar } from './sidebar';
import { MenuButton, SidebarToggleContext } from './sidebar-toggle';

/** The chat's own header holds the drawer button. */
function hasOwnMenuButton(pathname: string): boolean {
  return pathname === '/' || pathname.startsWith('/c/');
}

/** `account`: the signed-in user in hosted mode; none in local mode. */
export function AppShell({ children, account }: { children: ReactNode; account?: { name: string } }) {
  const [open, setOpen] = useState(false);
  const pathname = usePathname();
  const toggle = useMemo(() => ({ open: () => setOpen(true), expanded: open }), [open]);
  return (
    <SidebarToggleContext.Provider value={toggle}>
      <div className="flex h-dvh overflow-hidden">
        <aside
          id="sidebar"
          className={`${open ? 'fixed inset-y-0 left-0 z-30 flex' : 'hidden'} w-72 shrink-0 flex-col border-r border-border bg-surface md:static md:flex md:w-64`}
        >
          <div className="flex items-center justify-between px-4 pt-3 text-sm font-semibold">
            <span>MCPlet Host</span>
            <button
              type="button"
              className="inline-flex h-9 w-9 items-center justify-center rounded md:hidden"
              aria-label="Close the conversation list"
              onClick={() => setOpen(false)}
            >
              <CloseIcon />
            </button>
          </div>
          <Sidebar onNavigate={() => setOpen(false)} />
          {account ? <AccountRow name={account.name} /> : null}
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
          {hasOwnMenuButton(pathname) ? null : <MenuButton className="m-2 self-start" />}
          {children}
        </div>
        <GateHost />
        <ElicitationHost />
        <SamplingHost />
        <NoticeToasts />
        <SignInOutcome />
      </div>
    </SidebarToggleContext.Provider>
  );
}
