import type { CreateTutorialInput } from '@ridgeline/shared/contracts/tutorials';

// A starter set so the Help button shows on the main pages from day one; admins add or replace
// videos on /tutorials. A page gets a video only when the video is about that page; every other page
// gets a short written guide (one step a line) until a real video exists. No two pages share a video.
export const STARTER_TUTORIALS: CreateTutorialInput[] = [
  {
    pageRoute: '/dashboard',
    title: 'Getting around Ridgeline',
    description: 'Your dashboard, the navigation and where each part of a claim lives.',
    guide: [
      'The dashboard shows your active claim files against your plan, where they stand in the pipeline, your open tasks and the latest activity.',
      'Use the menu (the three lines at the top on a phone) to reach claim files, field inspections, photo reports, messages and settings.',
      'Follow the Get set up list the first week: your first claim file, your team, your logo and address, and two-factor sign-in.',
      'The Help button at the top of a page opens its guide.',
    ].join('\n'),
  },
  {
    pageRoute: '/projects',
    title: 'Working a claim file',
    description: 'Open a claim file for a property and move it from lead to paid.',
    embedCode: 'https://www.youtube.com/embed/UJ-3eCq0ZOw',
    guide: [
      'Press New claim file and fill in the title, the homeowner and the street; everything else can wait.',
      'Switch between the table and the board; on the board, drag a claim file to its next status.',
      'Search by homeowner, address, claim number or carrier, and filter by status or assignee.',
      'Closed and archived claim files do not count against your plan.',
    ].join('\n'),
  },
  {
    pageRoute: '/projects/*',
    title: 'One claim file',
    description: 'Status, details, tasks, files, photos, documents and messages of a claim file.',
    guide: [
      'Move the claim file through its statuses with the pipeline at the top.',
      'Edit the homeowner, property, insurance and adjuster details in place; every change goes on the timeline.',
      'Add tasks with due dates and assign them to a colleague.',
      'The tabs hold the photos, measurements, estimates, documents, ordered services and the claim file’s own messages.',
    ].join('\n'),
  },
  {
    pageRoute: '/field-inspection',
    title: 'Inspecting a roof for hail and wind damage',
    description: 'What to photograph, slope by slope, so the adjuster cannot argue.',
    embedCode: 'https://www.youtube.com/embed/sKjSUZ6bDhk',
    guide: [
      'Start a new inspection with the address and the homeowner; it works with no signal and syncs later.',
      'Choose what you will inspect on each structure, then follow the shot list phase by phase.',
      'On each slope, mark a 10 ft by 10 ft test square and count the hits.',
      'Photos upload in the background; the hub shows what is still waiting.',
    ].join('\n'),
  },
  {
    pageRoute: '/photo-reports',
    title: 'Photo reports adjusters read',
    description: 'Put photos in the order an adjuster reads them and export a PDF.',
    embedCode: 'https://www.youtube.com/embed/Hb6vLTqFhzc',
    guide: [
      'Pick a claim file or an inspection; its photos come in the order adjusters read them.',
      'Choose how many photos go on a page and write the captions.',
      'Make the PDF; it appears on the claim file’s Documents tab when it is ready.',
    ].join('\n'),
  },
  {
    pageRoute: '/messages',
    title: 'Team chat',
    description: 'Direct messages, groups, attachments and @mentions.',
    guide: [
      'Press New conversation and choose one colleague for a direct message, or several and a name for a group.',
      'Type @ and a name to mention a colleague; they get a notification.',
      'Attach photos, PDFs or a voice note with the buttons beside the message box.',
      'Messages written with no signal are sent as soon as the connection returns.',
    ].join('\n'),
  },
  {
    pageRoute: '/team',
    title: 'Inviting your team',
    description: 'Invite office staff and inspectors and choose their roles.',
    guide: [
      'Enter a colleague’s email, choose a role and press Invite: they get a link by email.',
      'Owners manage billing; managers manage the team and settings; members work the claim files.',
      'Users are unlimited on every plan: invite the whole crew.',
    ].join('\n'),
  },
  {
    pageRoute: '/settings',
    title: 'Company settings',
    description: 'Your company name, phone, address and logo on every report.',
    guide: [
      'Add your company’s name, phone and address: they print on every report and claim packet.',
      'Upload your logo for the letterhead.',
      'Set the pipeline statuses and the estimate price list your company works with.',
    ].join('\n'),
  },
];

/**
 * The stand-in videos of the first starter set: one video reused for several pages, so not about
 * the page it was shown on. A starter row still holding one of these is moved to its written guide.
 */
export const STAND_IN_VIDEOS: { pageRoute: string; embedCode: string }[] = [
  { pageRoute: '/dashboard', embedCode: 'https://www.youtube.com/embed/0eyQJ3vhRus' },
  { pageRoute: '/projects/*', embedCode: 'https://www.youtube.com/embed/UJ-3eCq0ZOw' },
  { pageRoute: '/messages', embedCode: 'https://www.youtube.com/embed/0eyQJ3vhRus' },
  { pageRoute: '/team', embedCode: 'https://www.youtube.com/embed/0eyQJ3vhRus' },
  { pageRoute: '/settings', embedCode: 'https://www.youtube.com/embed/0eyQJ3vhRus' },
];
