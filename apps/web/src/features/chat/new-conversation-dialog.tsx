import { useState, type KeyboardEvent } from 'react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { createConversationSchema, type ChatColleague } from '@ridgeline/shared/contracts/chat';
import { checkNewConversation, GROUP_NAME_MESSAGE, SELECT_MEMBERS_MESSAGE, type NewConversationCheck } from '@ridgeline/shared/domain/chat';
import { Button } from '../../components/ui/button';
import { Checkbox } from '../../components/ui/checkbox';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useColleagues } from './api/colleagues';
import { useCreateConversation } from './api/create-conversation';

type NewConversationValues = z.output<typeof createConversationSchema>;

type NewConversationDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  /** The conversation created (or the existing direct message) is opened. */
  onCreated: (conversationId: string) => void;
};

/** Starts a direct message (one colleague, no name) or a group (a name, and two or more colleagues or one). */
export function NewConversationDialog({ open, onOpenChange, onCreated }: NewConversationDialogProps) {
  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>New conversation</DialogTitle>
          <DialogDescription>Choose one colleague for a direct message, or several and a name for a group.</DialogDescription>
        </DialogHeader>
        {/* Mounted only while open, so every visit starts with nobody selected. */}
        {open && (
          <NewConversationForm
            onDone={(id) => {
              onOpenChange(false);
              onCreated(id);
            }}
          />
        )}
      </DialogContent>
    </Dialog>
  );
}

/** The words of a refused selection, as the hint under the form and as the toast of a refused submit. */
function refusal(check: NewConversationCheck): { title: string; description: string } | null {
  if (check.ok) return null;
  return check.reason === 'no-members'
    ? { title: 'Select members', description: SELECT_MEMBERS_MESSAGE }
    : { title: 'Group name required', description: GROUP_NAME_MESSAGE };
}

function NewConversationForm({ onDone }: { onDone: (conversationId: string) => void }) {
  const colleagues = useColleagues();
  const create = useCreateConversation();
  const form = useZodForm(createConversationSchema, { defaultValues: { memberIds: [], name: '' } });
  const memberIds = useWatch({ control: form.control, name: 'memberIds' });
  const name = useWatch({ control: form.control, name: 'name' }) ?? '';
  const [search, setSearch] = useState('');
  const check = checkNewConversation(memberIds.length, name);
  const refused = refusal(check);
  // The name field's own error says the same after a refused submit: the hint then steps aside.
  const hint = refused && !(refused.title === 'Group name required' && form.formState.errors.name) ? refused.description : null;

  const toggle = (id: string, checked: boolean) => {
    const next = checked ? [...memberIds, id] : memberIds.filter((member) => member !== id);
    form.setValue('memberIds', next, { shouldValidate: form.formState.isSubmitted });
  };

  // Every submit is checked, the keyboard's included: a refused one says why in a toast (the form's
  // own validation then marks the field).
  const checkOnSubmit = () => {
    if (refused) notify.error(refused.title, refused.description);
  };

  // Enter in the name field submits even while Create is disabled (the browser would ignore it then),
  // so a refused selection is answered instead of nothing happening.
  const submitOnEnter = (event: KeyboardEvent<HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement>) => {
    if (event.key !== 'Enter') return;
    event.preventDefault();
    event.currentTarget.form?.requestSubmit();
  };

  const submit = (values: NewConversationValues) => {
    const kind = checkNewConversation(values.memberIds.length, values.name ?? '');
    const isDm = kind.ok && kind.kind === 'dm';
    create.mutate(values, {
      onSuccess: (result) => {
        if (result.kind === 'group') notify.success('Group created');
        else if (result.created) notify.success('Direct message created');
        else notify.success('Opening direct message');
        onDone(result.conversation.id);
      },
      onError: (error) => notify.error(isDm ? 'Open DM failed' : 'Create failed', errorText(error)),
    });
  };

  const needle = search.trim().toLowerCase();
  const shown = (colleagues.data ?? []).filter(
    (colleague: ChatColleague) => needle === '' || colleague.name.toLowerCase().includes(needle) || colleague.email.toLowerCase().includes(needle),
  );

  return (
    <Form form={form} onSubmit={submit} onSubmitCapture={checkOnSubmit} aria-label="New conversation">
      <div className="flex flex-col gap-1">
        <Label htmlFor="new-conversation-search">Search colleagues</Label>
        <Input
          id="new-conversation-search"
          type="search"
          value={search}
          onChange={(event) => setSearch(event.target.value)}
          onKeyDown={(event) => {
            if (event.key === 'Enter') event.preventDefault();
          }}
          autoComplete="off"
        />
      </div>
      <fieldset className="flex flex-col gap-1">
        <legend className="mb-1 text-sm font-medium text-slate-800">Members</legend>
        {colleagues.isPending ? (
          <p role="status" className="text-sm text-slate-700">
            Loading colleagues…
          </p>
        ) : colleagues.isError ? (
          <p role="alert" className="text-sm text-red-800">
            {errorText(colleagues.error)}
          </p>
        ) : colleagues.data.length === 0 ? (
          <p className="text-sm text-slate-700">Nobody else is in your company yet. Invite your team from Settings.</p>
        ) : shown.length === 0 ? (
          <p className="text-sm text-slate-700">No colleague matches “{search.trim()}”.</p>
        ) : (
          <ul className="flex max-h-64 flex-col overflow-y-auto rounded-md border border-slate-200">
            {shown.map((colleague) => {
              const id = `new-conversation-member-${colleague.id}`;
              return (
                <li key={colleague.id} className="flex min-h-11 items-center gap-3 border-b border-slate-100 px-3 last:border-b-0">
                  <Checkbox id={id} checked={memberIds.includes(colleague.id)} onCheckedChange={(checked) => toggle(colleague.id, checked === true)} />
                  <Label htmlFor={id} className="flex min-h-11 flex-1 cursor-pointer flex-col justify-center font-normal text-slate-900">
                    <span className="font-medium">{colleague.name}</span>
                    <span className="text-xs text-slate-700">{colleague.email}</span>
                  </Label>
                </li>
              );
            })}
          </ul>
        )}
      </fieldset>
      <FormField
        name="name"
        label="Group name"
        hint="Optional for a direct message; needed for two or more colleagues."
        autoComplete="off"
        maxLength={80}
        onKeyDown={submitOnEnter}
      />
      <p id="new-conversation-check" role="status" aria-live="polite" className="min-h-5 text-sm text-amber-900">
        {hint}
      </p>
      <div className="flex justify-end">
        <Button type="submit" disabled={!check.ok || create.isPending} aria-describedby="new-conversation-check" className="w-full sm:w-auto">
          {create.isPending ? 'Creating…' : 'Create'}
        </Button>
      </div>
    </Form>
  );
}
