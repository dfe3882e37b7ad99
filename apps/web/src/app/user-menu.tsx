import { LogOut, ShieldCheck, UserRound } from 'lucide-react';
import type { ReactNode } from 'react';
import { Link } from 'react-router';
import { DropdownMenu, DropdownMenuContent, DropdownMenuItem, DropdownMenuSeparator, DropdownMenuTrigger } from '../components/ui/dropdown-menu';
import { paths } from '../lib/paths';

// The user menu's dropdown, loaded the first time the user reaches for the menu (signed-in-shell.tsx):
// the menu and its positioning engine are a fifth of the shell's first load otherwise.

type Props = { trigger: { className: string; label: ReactNode }; defaultOpen: boolean; onSignOut: () => void };

/**
 * The user menu: Profile, Security and Sign Out. The shell gives the trigger's look (its stand-in
 * before this loads is the same button); `defaultOpen` when it loaded because the user opened it.
 */
export default function UserMenuDropdown({ trigger, defaultOpen, onSignOut }: Props) {
  return (
    <DropdownMenu defaultOpen={defaultOpen}>
      <DropdownMenuTrigger className={trigger.className}>{trigger.label}</DropdownMenuTrigger>
      <DropdownMenuContent align="end">
        <DropdownMenuItem asChild>
          <Link to={paths.profile}>
            <UserRound aria-hidden="true" className="size-4" /> Profile
          </Link>
        </DropdownMenuItem>
        <DropdownMenuItem asChild>
          <Link to={paths.security}>
            <ShieldCheck aria-hidden="true" className="size-4" /> Security
          </Link>
        </DropdownMenuItem>
        <DropdownMenuSeparator />
        <DropdownMenuItem onSelect={onSignOut}>
          <LogOut aria-hidden="true" className="size-4" /> Sign Out
        </DropdownMenuItem>
      </DropdownMenuContent>
    </DropdownMenu>
  );
}
