import {
  BarChart3,
  BookOpen,
  Building,
  Camera,
  ClipboardList,
  CreditCard,
  FileImage,
  FolderKanban,
  GraduationCap,
  Inbox,
  LayoutDashboard,
  MessageSquare,
  MessagesSquare,
  Ruler,
  ScanSearch,
  Settings,
  ShieldAlert,
  ShieldCheck,
  Sparkles,
  Tag,
  UserCog,
  UserX,
  Users,
  Wallet,
  Wrench,
  type LucideIcon,
} from 'lucide-react';
import { PAGE_NAMES, type NamedPage } from '../lib/page-names';

export type NavItem = { to: string; label: string; icon: LucideIcon };
export type NavGroup = { label: string; items: NavItem[]; adminOnly?: boolean };

type NavRow = [group: string, to: NamedPage, icon: LucideIcon];

/** The group only platform admins see. */
const ADMIN_GROUP = 'Admin';

// One row a link: its group, path and icon; its label is the page's name (lib/page-names.ts). The
// groups come in the order of their first row.
const NAV_ROWS: NavRow[] = [
  ['Work', '/dashboard', LayoutDashboard],
  ['Work', '/projects', FolderKanban],
  ['Work', '/field-inspection', Camera],
  ['Work', '/field-inspections', ClipboardList],
  ['Work', '/photo-reports', FileImage],
  ['Work', '/advanced-photo-reports', FileImage],
  ['Work', '/messages', MessagesSquare],
  ['Work', '/assistant', Sparkles],
  ['Work', '/inbox', Inbox],
  ['Tools', '/measurements', Ruler],
  ['Tools', '/shingle-id', ScanSearch],
  ['Tools', '/shingle-history', ScanSearch],
  ['Tools', '/companies', Building],
  ['Tools', '/analytics', BarChart3],
  ['Billing', '/pricing', Tag],
  ['Billing', '/credits', Wallet],
  ['Billing', '/payments', CreditCard],
  ['Company', '/team', Users],
  ['Company', '/settings', Settings],
  ['Company', '/security', ShieldCheck],
  ['Company', '/tutorials', GraduationCap],
  ['Company', '/feedback', MessageSquare],
  ['Company', '/feedback-loop', MessageSquare],
  ['Admin', '/admin/impersonation', UserCog],
  ['Admin', '/admin/payments', CreditCard],
  ['Admin', '/admin/maintenance', Wrench],
  ['Admin', '/admin/users', UserX],
  ['Admin', '/admin/security', ShieldAlert],
  ['Admin', '/admin/feedback', MessageSquare],
  ['Admin', '/admin/knowledge', BookOpen],
];

function groupRows(rows: NavRow[]): NavGroup[] {
  const groups: NavGroup[] = [];
  for (const [groupLabel, to, icon] of rows) {
    const label = PAGE_NAMES[to];
    let group = groups.find((candidate) => candidate.label === groupLabel);
    if (!group) {
      group = groupLabel === ADMIN_GROUP ? { label: groupLabel, adminOnly: true, items: [] } : { label: groupLabel, items: [] };
      groups.push(group);
    }
    group.items.push({ to, label, icon });
  }
  return groups;
}

/** The signed-in navigation, grouped the way a claims office works. */
export const NAV_GROUPS: NavGroup[] = groupRows(NAV_ROWS);
