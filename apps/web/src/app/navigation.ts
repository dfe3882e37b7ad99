import {
  BarChart3,
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
  Tag,
  UserCog,
  UserX,
  Users,
  Wallet,
  Wrench,
  type LucideIcon,
} from 'lucide-react';

export type NavItem = { to: string; label: string; icon: LucideIcon };
export type NavGroup = { label: string; items: NavItem[]; adminOnly?: boolean };

type NavRow = [group: string, to: string, label: string, icon: LucideIcon];

/** The group only platform admins see. */
const ADMIN_GROUP = 'Admin';

// One row a link: its group, path, label and icon. The groups come in the order of their first row.
const NAV_ROWS: NavRow[] = [
  ['Work', '/dashboard', 'Dashboard', LayoutDashboard],
  ['Work', '/projects', 'Projects', FolderKanban],
  ['Work', '/field-inspection', 'Field Inspection', Camera],
  ['Work', '/field-inspections', 'Field Inspections', ClipboardList],
  ['Work', '/photo-reports', 'Photo Reports', FileImage],
  ['Work', '/advanced-photo-reports', 'Advanced Reports', FileImage],
  ['Work', '/messages', 'Messages', MessagesSquare],
  ['Work', '/inbox', 'Inbox', Inbox],
  ['Tools', '/measurements', 'Measurements', Ruler],
  ['Tools', '/shingle-id', 'Shingle ID', ScanSearch],
  ['Tools', '/shingle-history', 'Shingle History', ScanSearch],
  ['Tools', '/companies', 'Companies', Building],
  ['Tools', '/analytics', 'Analytics', BarChart3],
  ['Billing', '/pricing', 'Pricing', Tag],
  ['Billing', '/credits', 'Credits', Wallet],
  ['Billing', '/payments', 'Payments', CreditCard],
  ['Company', '/team', 'Team', Users],
  ['Company', '/settings', 'Settings', Settings],
  ['Company', '/security', 'Security', ShieldCheck],
  ['Company', '/tutorials', 'Tutorials', GraduationCap],
  ['Company', '/feedback', 'Feedback', MessageSquare],
  ['Company', '/feedback-loop', 'Feedback Loop', MessageSquare],
  ['Admin', '/admin/impersonation', 'Impersonation', UserCog],
  ['Admin', '/admin/payments', 'Admin Payments', CreditCard],
  ['Admin', '/admin/maintenance', 'Maintenance', Wrench],
  ['Admin', '/admin/users', 'Users', UserX],
  ['Admin', '/admin/security', 'Security Reports', ShieldAlert],
];

function groupRows(rows: NavRow[]): NavGroup[] {
  const groups: NavGroup[] = [];
  for (const [groupLabel, to, label, icon] of rows) {
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
