import { ExternalLink, Mail, Phone } from 'lucide-react';
import type { ReactNode } from 'react';

// Phone numbers, addresses and portals are links a thumb can hit: at least 44 px high, so a roofer
// calls the claims line or opens the portal straight from the list. What a link shows (the number,
// the address, the portal's host) is where its accessible name starts; the purpose is added for
// screen readers after it, so speech control ("click portal.example.com") finds the link.
const LINK =
  'inline-flex min-h-11 items-center gap-2 rounded-md px-1 text-blue-800 underline-offset-2 hover:underline focus-visible:outline-2 focus-visible:outline-blue-600 break-all';

/** The digits and + of a phone number, as a tel: link dials them. */
export function telHref(phone: string): string {
  return `tel:${phone.replace(/[^\d+]/g, '')}`;
}

export function PhoneLink({ phone, label }: { phone: string; label: string }) {
  return (
    <a href={telHref(phone)} className={LINK}>
      <Phone aria-hidden="true" className="size-4 shrink-0" />
      {phone}
      <span className="sr-only"> ({label})</span>
    </a>
  );
}

export function EmailLink({ email, label }: { email: string; label: string }) {
  return (
    <a href={`mailto:${email}`} className={LINK}>
      <Mail aria-hidden="true" className="size-4 shrink-0" />
      {email}
      <span className="sr-only"> ({label})</span>
    </a>
  );
}

/** The host of a web address, or the address itself when it does not parse. */
function hostOf(url: string): string {
  try {
    return new URL(url).host;
  } catch {
    return url;
  }
}

/** The carrier's web portal, opened in a new tab. */
export function PortalLink({ url, label }: { url: string; label: string }) {
  return (
    <a href={url} target="_blank" rel="noopener noreferrer" className={LINK}>
      <ExternalLink aria-hidden="true" className="size-4 shrink-0" />
      {hostOf(url)}
      <span className="sr-only"> ({label}, opens in a new tab)</span>
    </a>
  );
}

/** The contact links of a row, wrapping on a phone. */
export function ContactLinks({ children }: { children: ReactNode }) {
  return <div className="flex flex-wrap items-center gap-x-4">{children}</div>;
}
