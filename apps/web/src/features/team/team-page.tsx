import { useState, type FormEvent } from 'react';
import { Mail, Trash2, UserPlus } from 'lucide-react';
import { inviteSchema, type CompanyRoleInput, type Member } from '@ridgeline/shared/contracts/team';
import { canManageCompany } from '@ridgeline/shared/domain/roles';
import { useDocumentTitle } from '../../components/use-document-title';
import { errorText } from '../../lib/error-text';
import { notify } from '../../lib/toast';
import { useSession } from '../../lib/session/session-provider';
import { useTeam } from '../../lib/api/team';
import { useChangeRole, useInviteMember, useRemoveMember, useRevokeInvitation } from './api/team-api';

const ROLE_LABELS: Record<CompanyRoleInput, string> = { owner: 'Owner', manager: 'Manager', member: 'Member' };

function InviteForm() {
  const invite = useInviteMember();
  const [email, setEmail] = useState('');
  const [role, setRole] = useState<'member' | 'manager'>('member');
  const [error, setError] = useState<string | null>(null);

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = inviteSchema.safeParse({ email, role });
    if (!parsed.success) {
      setError('Enter a valid email address.');
      return;
    }
    setError(null);
    invite.mutate(parsed.data, {
      onSuccess: () => {
        notify.success('Invitation sent', `We emailed ${parsed.data.email} a link to join your team.`);
        setEmail('');
      },
      onError: (e) => notify.error('Invitation failed', errorText(e)),
    });
  };

  return (
    <form onSubmit={submit} className="flex flex-col gap-3 rounded-lg border border-slate-200 bg-white p-4 sm:flex-row sm:items-end" noValidate>
      <div className="flex flex-1 flex-col gap-1">
        <label htmlFor="invite-email" className="text-sm font-medium text-slate-800">
          Email address
        </label>
        <input
          id="invite-email"
          type="email"
          value={email}
          onChange={(e) => setEmail(e.target.value)}
          placeholder="colleague@company.com"
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? 'invite-error' : undefined}
          className="rounded-md border border-slate-300 px-3 py-2 text-sm focus:outline-2 focus:outline-blue-600"
        />
        {error && (
          <p id="invite-error" className="text-sm text-red-700">
            {error}
          </p>
        )}
      </div>
      <div className="flex flex-col gap-1">
        <label htmlFor="invite-role" className="text-sm font-medium text-slate-800">
          Role
        </label>
        <select
          id="invite-role"
          value={role}
          onChange={(e) => setRole(e.target.value === 'manager' ? 'manager' : 'member')}
          className="rounded-md border border-slate-300 bg-white px-3 py-2 text-sm"
        >
          <option value="member">Member</option>
          <option value="manager">Manager</option>
        </select>
      </div>
      <button
        type="submit"
        disabled={invite.isPending}
        className="inline-flex items-center justify-center gap-2 rounded-md bg-blue-700 px-4 py-2 text-sm font-semibold text-white hover:bg-blue-800 disabled:opacity-60"
      >
        <UserPlus aria-hidden="true" className="size-4" />
        {invite.isPending ? 'Sending…' : 'Send invitation'}
      </button>
    </form>
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
    <tr className="border-t border-slate-200">
      <td className="px-4 py-3 font-medium text-slate-900">
        {member.name}
        {isMe && <span className="ml-2 rounded bg-slate-100 px-2 py-0.5 text-xs text-slate-700">You</span>}
      </td>
      <td className="px-4 py-3 text-slate-700">{member.email}</td>
      <td className="px-4 py-3">
        {roleEditable ? (
          <>
            <label htmlFor={`role-${member.id}`} className="sr-only">
              Role of {member.name}
            </label>
            <select
              id={`role-${member.id}`}
              value={member.role}
              disabled={changeRole.isPending}
              onChange={(e) => onRole(e.target.value as CompanyRoleInput)}
              className="rounded-md border border-slate-300 bg-white px-2 py-1 text-sm"
            >
              {roles.map((r) => (
                <option key={r} value={r}>
                  {ROLE_LABELS[r]}
                </option>
              ))}
            </select>
          </>
        ) : (
          <span className="text-slate-800">{ROLE_LABELS[member.role]}</span>
        )}
      </td>
      <td className="px-4 py-3 text-right">
        {canManage && !isMe && (isOwner || member.role !== 'owner') && (
          <button
            type="button"
            onClick={onRemove}
            disabled={remove.isPending}
            className="inline-flex items-center gap-1 rounded-md px-2 py-1 text-sm text-red-700 hover:bg-red-50"
          >
            <Trash2 aria-hidden="true" className="size-4" />
            Remove<span className="sr-only"> {member.name}</span>
          </button>
        )}
      </td>
    </tr>
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
        <section aria-labelledby="invite-heading" className="flex flex-col gap-2">
          <h2 id="invite-heading" className="text-lg font-semibold text-slate-900">
            Invite a colleague
          </h2>
          <InviteForm />
        </section>
      )}

      <section aria-labelledby="members-heading" className="flex flex-col gap-2">
        <h2 id="members-heading" className="text-lg font-semibold text-slate-900">
          Members
        </h2>
        {team.isPending && <p role="status">Loading the team…</p>}
        {team.isError && <p role="alert" className="text-red-700">{errorText(team.error)}</p>}
        {team.data && (
          <div className="overflow-x-auto rounded-lg border border-slate-200 bg-white">
            <table className="w-full text-left text-sm">
              <thead className="bg-slate-50 text-slate-700">
                <tr>
                  <th scope="col" className="px-4 py-2 font-semibold">Name</th>
                  <th scope="col" className="px-4 py-2 font-semibold">Email</th>
                  <th scope="col" className="px-4 py-2 font-semibold">Company role</th>
                  <th scope="col" className="px-4 py-2"><span className="sr-only">Actions</span></th>
                </tr>
              </thead>
              <tbody>
                {team.data.members.map((member) => (
                  <MemberRow key={member.id} member={member} canManage={canManage} isOwner={isOwner} isMe={member.userId === user?.id} />
                ))}
              </tbody>
            </table>
          </div>
        )}
      </section>

      {team.data && team.data.invitations.length > 0 && (
        <section aria-labelledby="invitations-heading" className="flex flex-col gap-2">
          <h2 id="invitations-heading" className="text-lg font-semibold text-slate-900">
            Pending invitations
          </h2>
          <ul className="divide-y divide-slate-200 rounded-lg border border-slate-200 bg-white">
            {team.data.invitations.map((invitation) => (
              <li key={invitation.id} className="flex items-center justify-between gap-3 px-4 py-3 text-sm">
                <span className="flex items-center gap-2 text-slate-800">
                  <Mail aria-hidden="true" className="size-4 text-slate-500" />
                  {invitation.email} · {ROLE_LABELS[invitation.role]} · expires {new Date(invitation.expiresAt).toLocaleDateString()}
                </span>
                {canManage && (
                  <button
                    type="button"
                    onClick={() =>
                      revoke.mutate(invitation.id, {
                        onSuccess: () => notify.success('Invitation revoked', `${invitation.email} can no longer join with that link.`),
                        onError: (e) => notify.error('Revoke failed', errorText(e)),
                      })
                    }
                    className="rounded-md px-2 py-1 text-red-700 hover:bg-red-50"
                  >
                    Revoke<span className="sr-only"> the invitation of {invitation.email}</span>
                  </button>
                )}
              </li>
            ))}
          </ul>
        </section>
      )}
    </div>
  );
}
