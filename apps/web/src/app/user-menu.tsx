import * as DropdownMenu from '@radix-ui/react-dropdown-menu';
import { LogOut, ShieldCheck, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';

// The user menu's dropdown, loaded the first time the user reaches for the menu (signed-in-shell.tsx):
// Radix's menu and its positioning engine are a fifth of the shell's first load otherwise.

type Props = { trigger: { className: string; label: ReactNode }; defaultOpen: boolean; onSignOut: () => void };

/**
 * The user menu: Profile, Security and Sign Out. The shell gives the trigger's look (its stand-in
 * before this loads is the same button); `defaultOpen` when it loaded because the user opened it.
 */
export default function UserMenuDropdown({ trigger, defaultOpen, onSignOut }: Props) {
  return (
    <DropdownMenu.Root defaultOpen={defaultOpen}>
      <DropdownMenu.Trigger className={trigger.className}>{trigger.label}</DropdownMenu.Trigger>
      <DropdownMenu.Portal>
        <DropdownMenu.Content align="end" sideOffset={6} className="z-50 min-w-48 rounded-md border border-slate-200 bg-white p-1 shadow-lg">
          <DropdownMenu.Item asChild>
            <Link to="/profile" className="flex items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100">
              <UserRound aria-hidden="true" className="size-4" /> Profile
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Item asChild>
            <Link to="/security" className="flex items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100">
              <ShieldCheck aria-hidden="true" className="size-4" /> Security
            </Link>
          </DropdownMenu.Item>
          <DropdownMenu.Separator className="my-1 h-px bg-slate-200" />
          <DropdownMenu.Item
            onSelect={onSignOut}
            className="flex cursor-pointer items-center gap-2 rounded px-3 py-2 text-sm text-slate-800 outline-none data-[highlighted]:bg-slate-100"
          >
            <LogOut aria-hidden="true" className="size-4" /> Sign Out
          </DropdownMenu.Item>
        </DropdownMenu.Content>
      </DropdownMenu.Portal>
    </DropdownMenu.Root>
  );
}
