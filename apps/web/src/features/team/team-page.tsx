import { Mail, Trash2, UserPlus } from 'lucide-react';
import { z } from 'zod';
import { inviteSchema, type CompanyRoleInput, type InviteInput, type Member } from '@ridgeline/shared/contracts/team';
import { canManageCompany } from '@ridgeline/shared/domain/roles';
import { Alert } from '../../components/ui/alert';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { CardDiv } from '../../components/ui/card';
import { Form, FormField, useZodForm } from '../../components/ui/form';
import { Label } from '../../components/ui/label';
import { NativeSelect } from '../../components/ui/native-select';
import { TableCell, TableRow } from '../../components/ui/table';
import { CardList } from '../../components/card-list';
import { CardTable } from '../../components/card-table';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useSession } from '../../lib/session/session-provider';
import { useTeam } from '../../lib/api/team';
import { useChangeRole, useInviteMember, useRemoveMember, useRevokeInvitation } from './api/team-api';
import { formatDate } from '../../lib/dates';
import { TitledSection } from '../../components/titled-section';
import { LabeledOptions } from '../../components/choice-options';

const ROLE_LABELS: Record<CompanyRoleInput, string> = { owner: 'Owner', manager: 'Manager', member: 'Member' };

// The contract's invitation, with the page's own words for an address that is not one.
const inviteFormSchema = inviteSchema.extend({
  email: z
    .string()
    .refine((value) => inviteSchema.shape.email.safeParse(value).success, 'Enter a valid email address.')
    .pipe(inviteSchema.shape.email),
});

function InviteForm() {
  const invite = useInviteMember();
  const form = useZodForm(inviteFormSchema, { defaultValues: { email: '', role: 'member' } });

  const submit = (input: InviteInput) =>
    invite.mutate(input, {
      onSuccess: () => {
        notify.success('Invitation sent', `We emailed ${input.email} a link to join your team.`);
        form.resetField('email');
      },
      onError: (e) => notify.error('Invitation failed', errorText(e)),
    });

  return (
    <CardDiv>
      <Form form={form} onSubmit={submit} className="gap-3 sm:flex-row sm:items-end">
        <FormField name="email" id="invite-email" label="Email address" type="email" placeholder="colleague@company.com" className="flex-1" />
        <FormField name="role" id="invite-role" label="Role" control="select">
          <option value="member">Member</option>
          <option value="manager">Manager</option>
        </FormField>
        <Button type="submit" disabled={invite.isPending}>
          <UserPlus aria-hidden="true" className="size-4" />
          {invite.isPending ? 'Sending…' : 'Send invitation'}
        </Button>
      </Form>
    </CardDiv>
  );
}

function MemberRow({ member, canManage, isOwner, isMe }: { member: Member; canManage: boolean; isOwner: boolean; isMe: boolean }) {
  const changeRole = useChangeRole();
  const remove = useRemoveMember();
  const roleEditable = canManage && !isMe && (isOwner || member.role !== 'owner');
  const roles: CompanyRoleInput[] = isOwner ? ['owner', 'manager', 'member'] : ['manager', 'member'];

  const onRole = (role: CompanyRoleInput) =>
    changeRole.mutate(
      { id: member.id, role },
      {
        onSuccess: () => notify.success('Role updated', `${member.name} is now ${ROLE_LABELS[role].toLowerCase()}.`),
        onError: (e) => notify.error('Role change failed', errorText(e)),
      },
    );
  const onRemove = () => {
    if (!window.confirm(`Remove ${member.name} from the team?`)) return;
    remove.mutate(member.id, {
      onSuccess: () => notify.success('Member removed', `${member.name} no longer has access to your company.`),
      onError: (e) => notify.error('Failed to remove member', errorText(e)),
    });
  };

  return (
    <TableRow className="align-middle">
      <TableCell className="px-4 py-3 font-medium">
        {member.name}
        {isMe && <Badge className="ml-2">You</Badge>}
      </TableCell>
      <TableCell className="px-4 py-3 text-slate-700">{member.email}</TableCell>
      <TableCell className="px-4 py-3">
        {roleEditable ? (
          <>
            <Label htmlFor={`role-${member.id}`} className="sr-only">
              Role of {member.name}
            </Label>
            <NativeSelect
              id={`role-${member.id}`}
              value={member.role}
              disabled={changeRole.isPending}
              onChange={(e) => onRole(e.target.value as CompanyRoleInput)}
              className="w-auto"
            >
              <LabeledOptions values={roles} labels={ROLE_LABELS} />
            </NativeSelect>
          </>
        ) : (
          <span className="text-slate-800">{ROLE_LABELS[member.role]}</span>
        )}
      </TableCell>
      <TableCell className="px-4 py-3 text-right">
        {canManage && !isMe && (isOwner || member.role !== 'owner') && (
          <Button variant="ghost" className="gap-1 text-red-700 hover:bg-red-50" onClick={onRemove} disabled={remove.isPending}>
            <Trash2 aria-hidden="true" className="size-4" />
            Remove<span className="sr-only"> {member.name}</span>
          </Button>
        )}
      </TableCell>
    </TableRow>
  );
}

export default function TeamPage() {
  useDocumentTitle('Team');
  const { user } = useSession();
  const team = useTeam();
  const revoke = useRevokeInvitation();

  const canManage = team.data ? canManageCompany(team.data.myRole) : false;
  const isOwner = team.data?.myRole === 'owner';

  return (
    <div className="mx-auto flex max-w-5xl flex-col gap-6">
      <header>
        <h1 className="text-2xl font-bold text-slate-900">Team</h1>
        <p className="mt-1 text-slate-700">Everyone in your company. Users are unlimited on every plan.</p>
      </header>

      {canManage && (
        <TitledSection id="invite-heading" title="Invite a colleague" className="flex flex-col gap-2">
          <InviteForm />
        </TitledSection>
      )}

      <TitledSection id="members-heading" title="Members" className="flex flex-col gap-2">
        {team.isPending && <p role="status">Loading the team…</p>}
        {team.isError && <Alert>{errorText(team.error)}</Alert>}
        {team.data && (
          <CardTable headers={['Name', 'Email', 'Company role', <span className="sr-only">Actions</span>]} cellPadding="px-4" headerClassName="bg-slate-50">
            {team.data.members.map((member) => (
              <MemberRow key={member.id} member={member} canManage={canManage} isOwner={isOwner} isMe={member.userId === user?.id} />
            ))}
          </CardTable>
        )}
      </TitledSection>

      {team.data && team.data.invitations.length > 0 && (
        <TitledSection id="invitations-heading" title="Pending invitations" className="flex flex-col gap-2">
          <CardList>
            {team.data.invitations.map((invitation) => (
              <li key={invitation.id} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
                <span className="flex items-center gap-2 text-slate-800">
                  <Mail aria-hidden="true" className="size-4 text-slate-500" />
                  {invitation.email} · {ROLE_LABELS[invitation.role]} · expires {formatDate(invitation.expiresAt)}
                </span>
                {canManage && (
                  <Button
                    variant="ghost"
                    className="text-red-700 hover:bg-red-50"
                    onClick={() =>
                      revoke.mutate(invitation.id, {
                        onSuccess: () => notify.success('Invitation revoked', `${invitation.email} can no longer join with that link.`),
                        onError: (e) => notify.error('Revoke failed', errorText(e)),
                      })
                    }
                  >
                    Revoke<span className="sr-only"> the invitation of {invitation.email}</span>
                  </Button>
                )}
              </li>
            ))}
          </CardList>
        </TitledSection>
      )}
    </div>
  );
}
