import type { CreateTutorialInput } from '@ridgeline/shared/contracts/tutorials';

// A starter set so the help button shows on the main pages; admins replace the videos on /tutorials.
export const STARTER_TUTORIALS: CreateTutorialInput[] = [
  { pageRoute: '/dashboard', title: 'Getting around Ridgeline', description: 'Your dashboard, the navigation and where each part of a claim lives.', embedCode: 'https://www.youtube.com/embed/0eyQJ3vhRus' },
  { pageRoute: '/projects', title: 'Working a claim file', description: 'Open a project for a property and move it from lead to paid.', embedCode: 'https://www.youtube.com/embed/UJ-3eCq0ZOw' },
  { pageRoute: '/projects/*', title: 'One claim file', description: 'Timeline, photos, documents, tasks and messages of a project.', embedCode: 'https://www.youtube.com/embed/UJ-3eCq0ZOw' },
  { pageRoute: '/field-inspection', title: 'Inspecting a roof for hail and wind damage', description: 'What to photograph, slope by slope, so the adjuster cannot argue.', embedCode: 'https://www.youtube.com/embed/sKjSUZ6bDhk' },
  { pageRoute: '/photo-reports', title: 'Photo reports adjusters read', description: 'Put photos in the order an adjuster reads them and export a PDF.', embedCode: 'https://www.youtube.com/embed/Hb6vLTqFhzc' },
  { pageRoute: '/messages', title: 'Team chat', description: 'Direct messages, groups, attachments and @mentions.', embedCode: 'https://www.youtube.com/embed/0eyQJ3vhRus' },
  { pageRoute: '/team', title: 'Inviting your team', description: 'Invite office staff and inspectors and choose their roles.', embedCode: 'https://www.youtube.com/embed/0eyQJ3vhRus' },
  { pageRoute: '/settings', title: 'Company settings', description: 'Your company name, phone, address and logo on every report.', embedCode: 'https://www.youtube.com/embed/0eyQJ3vhRus' },
];
