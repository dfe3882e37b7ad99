import { X } from 'lucide-react';
import type { ReactNode } from 'react';
import { Button } from '../components/ui/button';
import { Sheet, SheetClose, SheetContent, SheetDescription, SheetTitle, SheetTrigger } from '../components/ui/sheet';

// The navigation drawer of small screens, loaded the first time it is opened (signed-in-shell.tsx):
// a wide screen never shows it, and the dialog underneath is a large part of the shell otherwise.

type Props = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  trigger: { className: string; label: ReactNode };
  brand: ReactNode;
  children: ReactNode;
};

/**
 * The drawer, controlled by the shell, which gives the trigger's look (its stand-in before this loads
 * is the same button), the brand at the top and the navigation as children.
 */
export default function NavDrawer({ open, onOpenChange, trigger, brand, children }: Props) {
  return (
    <Sheet open={open} onOpenChange={onOpenChange}>
      <SheetTrigger className={trigger.className}>{trigger.label}</SheetTrigger>
      <SheetContent side="left" className="bg-blue-950 px-3 py-5">
        <div className="flex items-center justify-between px-3">
          <SheetTitle asChild>
            <div>{brand}</div>
          </SheetTitle>
          <SheetClose asChild>
            <Button variant="ghost" size="icon" className="text-white hover:bg-blue-900">
              <X aria-hidden="true" className="size-5" />
              <span className="sr-only">Close navigation</span>
            </Button>
          </SheetClose>
        </div>
        <SheetDescription className="sr-only">Go to another part of Ridgeline</SheetDescription>
        {children}
      </SheetContent>
    </Sheet>
  );
}
