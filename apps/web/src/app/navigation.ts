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
import { paths } from '../lib/paths';

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
  ['Work', paths.dashboard, LayoutDashboard],
  ['Work', paths.inbox, Inbox],
  ['Work', paths.messages, MessagesSquare],
  ['Work', paths.assistant, Sparkles],
  ['Field', paths.fieldHub, Camera, 'Inspect a Roof'],
  ['Field', paths.fieldInspections, ClipboardList, 'All Inspections'],
  ['Field', paths.measurements, Ruler, 'Roof Measurements'],
  ['Field', paths.shingleId, ScanSearch, 'Identify a Shingle'],
  ['Field', paths.shingleHistory, History, 'Past Shingle IDs'],
  ['Claims', paths.projects, FolderKanban],
  ['Claims', paths.companies, Building, 'Carriers and Adjusters'],
  ['Claims', paths.analytics, BarChart3],
  ['Reports', paths.photoReports, FileImage],
  ['Reports', paths.advancedReports, FilePen, 'Report Builder'],
  ['Billing', paths.payments, CreditCard, 'Subscription and Invoices'],
  ['Billing', paths.pricing, Tag, 'Compare Plans'],
  ['Billing', paths.credits, Wallet, 'Service Credits'],
  ['Company', paths.team, Users],
  ['Company', paths.settings, Settings],
  ['Company', paths.security, ShieldCheck, 'Account Security'],
  ['Help', paths.tutorials, GraduationCap],
  ['Help', paths.feedback, MessageSquare, 'Send Feedback'],
  ['Help', paths.feedbackLoop, MessageSquareReply, 'Replies to Your Feedback'],
  ['Admin', paths.adminImpersonation, UserCog],
  ['Admin', paths.adminPayments, CreditCard],
  ['Admin', paths.adminMaintenance, Wrench],
  ['Admin', paths.adminUsers, UserX],
  ['Admin', paths.adminSecurity, ShieldAlert],
  ['Admin', paths.adminFeedback, MessageSquare],
  ['Admin', paths.adminKnowledge, BookOpen],
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
