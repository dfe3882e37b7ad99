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

/** The signed-in navigation, grouped the way a claims office works. */
export const NAV_GROUPS: NavGroup[] = [
  {
    label: 'Work',
    items: [
      { to: '/dashboard', label: 'Dashboard', icon: LayoutDashboard },
      { to: '/projects', label: 'Projects', icon: FolderKanban },
      { to: '/field-inspection', label: 'Field Inspection', icon: Camera },
      { to: '/field-inspections', label: 'Field Inspections', icon: ClipboardList },
      { to: '/photo-reports', label: 'Photo Reports', icon: FileImage },
      { to: '/advanced-photo-reports', label: 'Advanced Reports', icon: FileImage },
      { to: '/messages', label: 'Messages', icon: MessagesSquare },
      { to: '/inbox', label: 'Inbox', icon: Inbox },
    ],
  },
  {
    label: 'Tools',
    items: [
      { to: '/measurements', label: 'Measurements', icon: Ruler },
      { to: '/shingle-id', label: 'Shingle ID', icon: ScanSearch },
      { to: '/shingle-history', label: 'Shingle History', icon: ScanSearch },
      { to: '/companies', label: 'Companies', icon: Building },
      { to: '/analytics', label: 'Analytics', icon: BarChart3 },
    ],
  },
  {
    label: 'Billing',
    items: [
      { to: '/pricing', label: 'Pricing', icon: Tag },
      { to: '/credits', label: 'Credits', icon: Wallet },
      { to: '/payments', label: 'Payments', icon: CreditCard },
    ],
  },
  {
    label: 'Company',
    items: [
      { to: '/team', label: 'Team', icon: Users },
      { to: '/settings', label: 'Settings', icon: Settings },
      { to: '/security', label: 'Security', icon: ShieldCheck },
      { to: '/tutorials', label: 'Tutorials', icon: GraduationCap },
      { to: '/feedback', label: 'Feedback', icon: MessageSquare },
      { to: '/feedback-loop', label: 'Feedback Loop', icon: MessageSquare },
    ],
  },
  {
    label: 'Admin',
    adminOnly: true,
    items: [
      { to: '/admin/impersonation', label: 'Impersonation', icon: UserCog },
      { to: '/admin/payments', label: 'Admin Payments', icon: CreditCard },
      { to: '/admin/maintenance', label: 'Maintenance', icon: Wrench },
      { to: '/admin/users', label: 'Users', icon: UserX },
      { to: '/admin/security', label: 'Security Reports', icon: ShieldAlert },
    ],
  },
];
