import {
  BarChart3,
  BookOpen,
  Building,
  Camera,
  ClipboardList,
  CreditCard,
  FileImage,
  FilePen,
  FolderKanban,
  GraduationCap,
  History,
  Inbox,
  LayoutDashboard,
  MessageSquare,
  MessageSquareReply,
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

type NavRow = [group: string, to: NamedPage, icon: LucideIcon, label?: string];

/** The group only platform admins see. */
const ADMIN_GROUP = 'Admin';

// One row a link: its group, path, icon and, where the page's name (lib/page-names.ts) does not say
// which job it does beside a near-twin, the job in words. A new user finds each job once: the field
// work, the claims, the paper, the money, the company and help each have their group, and no two links
// read alike (Field Inspection and Field Inspections, Photo Reports and Advanced Reports, Feedback and
// Feedback Loop, Pricing, Credits and Payments were side by side; carriers were under "Companies").
// The groups come in the order of their first row.
const NAV_ROWS: NavRow[] = [
  ['Work', '/dashboard', LayoutDashboard],
  ['Work', '/inbox', Inbox],
  ['Work', '/messages', MessagesSquare],
  ['Work', '/assistant', Sparkles],
  ['Field', '/field-inspection', Camera, 'Inspect a Roof'],
  ['Field', '/field-inspections', ClipboardList, 'All Inspections'],
  ['Field', '/measurements', Ruler, 'Roof Measurements'],
  ['Field', '/shingle-id', ScanSearch, 'Identify a Shingle'],
  ['Field', '/shingle-history', History, 'Past Shingle IDs'],
  ['Claims', '/projects', FolderKanban],
  ['Claims', '/companies', Building, 'Carriers and Adjusters'],
  ['Claims', '/analytics', BarChart3],
  ['Reports', '/photo-reports', FileImage],
  ['Reports', '/advanced-photo-reports', FilePen, 'Report Builder'],
  ['Billing', '/payments', CreditCard, 'Subscription and Invoices'],
  ['Billing', '/pricing', Tag, 'Compare Plans'],
  ['Billing', '/credits', Wallet, 'Service Credits'],
  ['Company', '/team', Users],
  ['Company', '/settings', Settings],
  ['Company', '/security', ShieldCheck, 'Account Security'],
  ['Help', '/tutorials', GraduationCap],
  ['Help', '/feedback', MessageSquare, 'Send Feedback'],
  ['Help', '/feedback-loop', MessageSquareReply, 'Replies to Your Feedback'],
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
  for (const [groupLabel, to, icon, job] of rows) {
    const label = job ?? PAGE_NAMES[to];
    let group = groups.find((candidate) => candidate.label === groupLabel);
    if (!group) {
      group = groupLabel === ADMIN_GROUP ? { label: groupLabel, adminOnly: true, items: [] } : { label: groupLabel, items: [] };
      groups.push(group);
    }
    group.items.push({ to, label, icon });
  }
  return groups;
}

/** The signed-in navigation, grouped the way a claims office works: Work, Field, Claims, Reports, Billing, Company, Help (and Admin). */
export const NAV_GROUPS: NavGroup[] = groupRows(NAV_ROWS);
