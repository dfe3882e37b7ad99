import * as DialogPrimitive from '@radix-ui/react-dialog';
import type { ComponentProps } from 'react';
import { cn } from '../../lib/cn';
import { DialogOverlay } from './dialog';

// The phone drawer: a dialog that slides in from an edge and fills the screen's height.
export const Sheet = DialogPrimitive.Root;
export const SheetTrigger = DialogPrimitive.Trigger;
export const SheetClose = DialogPrimitive.Close;
export const SheetTitle = DialogPrimitive.Title;
export const SheetDescription = DialogPrimitive.Description;

const sides = {
  left: 'inset-y-0 left-0 w-72',
  right: 'inset-y-0 right-0 w-72',
} as const;

export function SheetContent({ className, side = 'left', ...props }: ComponentProps<typeof DialogPrimitive.Content> & { side?: keyof typeof sides }) {
  return (
    <DialogPrimitive.Portal>
      <DialogOverlay className="bg-black/40" />
      <DialogPrimitive.Content className={cn('fixed z-50 flex flex-col gap-6 overflow-y-auto bg-white', sides[side], className)} {...props} />
    </DialogPrimitive.Portal>
  );
}
