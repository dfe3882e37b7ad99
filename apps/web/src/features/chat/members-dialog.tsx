import { UserMinus } from 'lucide-react';
import { useWatch } from 'react-hook-form';
import type { z } from 'zod';
import { addMemberSchema, type Conversation } from '@ridgeline/shared/contracts/chat';
import { Button } from '../../components/ui/button';
import { Dialog, DialogContent, DialogDescription, DialogHeader, DialogTitle } from '../../components/ui/dialog';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { errorText } from '../../lib/error-text';
import { useSession } from '../../lib/session/session-provider';
import { notify } from '../../lib/toast';
import { useAddMember } from './api/add-member';
import { useColleagues } from './api/colleagues';
import { useRemoveMember } from './api/remove-member';
import { NamedOptions } from '../../components/choice-options';

type MembersDialogProps = {
  open: boolean;
  onOpenChange: (open: boolean) => void;
  conversation: Conversation;
};

/**
 * The members of a conversation. In a group, colleagues can be added and members removed (never
 * yourself); a direct message's two members never change, so it only lists them.
 */
export function MembersDialog({ open, onOpenChange, conversation }: MembersDialogProps) {
  const me = useSession().user?.id ?? null;
  const remove = useRemoveMember();
  const editable = conversation.isGroup;

  const removeMember = (profileId: string, name: string) =>
    remove.mutate(
      { conversationId: conversation.id, profileId },
      {
        onSuccess: () => notify.success('Member removed', `${name} left ${conversation.title}.`),
        onError: (error) => notify.error('Failed to remove member', errorText(error)),
      },
    );

  return (
    <Dialog open={open} onOpenChange={onOpenChange}>
      <DialogContent closeLabel="Close">
        <DialogHeader>
          <DialogTitle>Members</DialogTitle>
          <DialogDescription>
            {editable
              ? `Who is in ${conversation.title}. Add colleagues or remove members.`
              : 'A direct message is between the two of you; its members do not change.'}
          </DialogDescription>
        </DialogHeader>
        <ul aria-label="Members" className="flex flex-col rounded-md border border-slate-200">
          {conversation.members.map((member) => (
            <li key={member.id} className="flex min-h-12 items-center gap-3 border-b border-slate-100 px-3 py-1 last:border-b-0">
              <span className="flex min-w-0 flex-1 flex-col">
                <span className="truncate text-sm font-medium text-slate-900">
                  {member.name}
                  {member.id === me && ' (you)'}
                </span>
                <span className="truncate text-xs text-slate-700">{member.email}</span>
              </span>
              {editable && member.id !== me && (
                <Button
                  variant="ghost"
                  size="icon"
                  className="text-red-700 hover:bg-red-50"
                  disabled={remove.isPending}
                  onClick={() => removeMember(member.id, member.name)}
                >
                  <UserMinus aria-hidden="true" className="size-4" />
                  <span className="sr-only">Remove {member.name}</span>
                </Button>
              )}
            </li>
          ))}
        </ul>
        {editable && open && <AddMemberForm conversation={conversation} />}
      </DialogContent>
    </Dialog>
  );
}

type AddMemberValues = z.output<typeof addMemberSchema>;

function AddMemberForm({ conversation }: { conversation: Conversation }) {
  const colleagues = useColleagues();
  const add = useAddMember();
  const form = useZodForm(addMemberSchema, { defaultValues: { profileId: '' } });
  const chosen = useWatch({ control: form.control, name: 'profileId' });
  const memberIds = new Set(conversation.members.map((member) => member.id));
  const candidates = (colleagues.data ?? []).filter((colleague) => !memberIds.has(colleague.id));

  const submit = (values: AddMemberValues) => {
    const added = candidates.find((colleague) => colleague.id === values.profileId);
    add.mutate(
      { conversationId: conversation.id, profileId: values.profileId },
      {
        onSuccess: () => {
          notify.success('Member added', added ? `${added.name} joined ${conversation.title}.` : undefined);
          form.reset({ profileId: '' });
        },
        onError: (error) => notify.error('Failed to add member', errorText(error)),
      },
    );
  };

  if (colleagues.isSuccess && candidates.length === 0) return <p className="text-sm text-slate-700">Every colleague is already a member.</p>;
  return (
    <Form form={form} onSubmit={submit} aria-label="Add a member" className="sm:flex-row sm:items-end">
      <FormField name="profileId" label="Add a colleague" control="select" className="flex-1">
        <option value="">Choose a colleague</option>
        <NamedOptions items={candidates} />
      </FormField>
      {/* Enabled once a colleague is chosen: there is nothing to add before. */}
      <Button type="submit" disabled={chosen === '' || add.isPending}>
        {add.isPending ? 'Adding…' : 'Add'}
      </Button>
    </Form>
  );
}
