import { formatStoreDateTimeUnlabelled, STORE_TIME_NAME } from '@crossbuy/core/dates';
import { ApiError, messageForError } from '@crossbuy/core/errors';
import type { StaffInvitation, StaffMember, UserRole } from '@crossbuy/core/staff';
import { type FormEvent, useRef, useState } from 'react';
import { ErrorAlert } from '../../../components/ui/alert';
import { AskFirst } from '../../../components/ui/ask-first';
import { SubmitButton } from '../../../components/ui/button';
import { DataTable } from '../../../components/ui/data-table';
import { Loading } from '../../../components/ui/loading';
import { LoadFailure } from '../../../components/ui/page-states';
import { FormPanel } from '../../../components/ui/panel';
import { Section } from '../../../components/ui/section';
import { TextField } from '../../../components/ui/text-field';
import type { UserProfile } from '../../../lib/user-store';
import { useChangeStaffRole, useInviteStaff, useRevokeStaffInvitation, useStaffList } from '../api/staff-api';

const ROLE_LABELS: Record<StaffMember['role'], string> = { operator: 'Operator', admin: 'Admin' };
const INVITE_FIELD_CODES = new Set(['user/invalid_email', 'general/missing_argument', 'staff/already_staff']);

/** The admins' page of the store's staff: who is on it, inviting operators, changing and removing roles. */
export function StaffPage({ me }: { me: UserProfile }) {
  const list = useStaffList();
  // One live region for the outcome of every action on the page.
  const [outcome, setOutcome] = useState('');
  const heading = useRef<HTMLHeadingElement>(null);
  // A change or revocation can take its row, and the focused button with it, off the page: focus goes
  // back to the top of the page, and the live region says what happened.
  const reportFromRow = (message: string) => {
    setOutcome(message);
    heading.current?.focus();
  };

  return (
    <section aria-labelledby="staff-heading" className="flex flex-col gap-6">
      <h1 id="staff-heading" ref={heading} tabIndex={-1} className="text-2xl font-bold outline-none">
        Staff
      </h1>
      <InviteForm onSent={(email) => setOutcome(`An invitation was mailed to ${email}.`)} />
      <p role="status" className="text-sm font-medium">
        {outcome}
      </p>
      {list.isPending ? (
        <Loading>Loading the staff…</Loading>
      ) : list.isError ? (
        <LoadFailure what="the staff" error={list.error} onRetry={() => void list.refetch()} />
      ) : (
        <>
          <StaffTable staff={list.data.staff} meId={me.id} onChanged={reportFromRow} />
          <InvitationTable invitations={list.data.invitations} onRevoked={reportFromRow} />
        </>
      )}
    </section>
  );
}

function InviteForm({ onSent }: { onSent: (email: string) => void }) {
  const invite = useInviteStaff();
  const [email, setEmail] = useState('');
  const code = invite.error instanceof ApiError ? invite.error.code : undefined;
  const fieldError = code && INVITE_FIELD_CODES.has(code) ? messageForError(invite.error) : undefined;

  const submit = (event: FormEvent) => {
    event.preventDefault();
    invite.mutate(email, {
      onSuccess: ({ invitation }) => {
        setEmail('');
        onSent(invitation.email);
      },
    });
  };

  return (
    <FormPanel headingId="invite-heading" title="Invite an operator" onSubmit={submit} noValidate>
      <p className="text-sm text-muted">
        We mail them a link that works for 7 days. They accept it signed in with this email address, and need
        two-factor authentication to open the back office. Inviting the same address again replaces its link.
      </p>
      <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
        <TextField
          label="Email address"
          type="email"
          autoComplete="off"
          value={email}
          onChange={(event) => setEmail(event.target.value)}
          error={fieldError}
          className="sm:w-80"
        />
        <SubmitButton pending={invite.isPending} pendingLabel="Sending…">
          Send invitation
        </SubmitButton>
      </div>
      <ErrorAlert error={fieldError === undefined ? invite.error : null} />
    </FormPanel>
  );
}

const STAFF_COLUMNS = [
  { label: 'Member' },
  { label: 'Role' },
  { label: 'Two-factor' },
  { label: `Last sign-in (${STORE_TIME_NAME})` },
  { label: 'Change' },
] as const;

function StaffTable({
  staff,
  meId,
  onChanged,
}: {
  staff: readonly StaffMember[];
  meId: string;
  onChanged: (message: string) => void;
}) {
  return (
    <Section headingId="members-heading" title="Members" titleSize="lg">
      <DataTable caption="The store's operators and admins" columns={STAFF_COLUMNS}>
        {staff.map((member) => (
          <tr key={member.id}>
            <td className="p-3">
              <p className="font-semibold">{member.name}</p>
              <p className="break-all text-muted">{member.email}</p>
            </td>
            <td className="p-3">{ROLE_LABELS[member.role]}</td>
            <td className="p-3">{member.tfaEnabled ? 'On' : 'Not set up'}</td>
            <td className="whitespace-nowrap p-3">
              {member.lastSignInAt ? formatStoreDateTimeUnlabelled(member.lastSignInAt) : 'Never'}
            </td>
            <td className="p-3">
              {member.id === meId ? (
                <span className="text-muted">You</span>
              ) : (
                <RoleChanges member={member} onChanged={onChanged} />
              )}
            </td>
          </tr>
        ))}
      </DataTable>
    </Section>
  );
}

/** What an admin can make of another member: the other staff role, or no staff role at all. */
function RoleChanges({ member, onChanged }: { member: StaffMember; onChanged: (message: string) => void }) {
  const change = useChangeStaffRole();
  const other: StaffMember['role'] = member.role === 'admin' ? 'operator' : 'admin';
  const changeTo = (role: UserRole, message: string) =>
    change.mutate({ id: member.id, role }, { onSuccess: () => onChanged(message) });
  return (
    <div className="flex flex-col items-start gap-2">
      <AskFirst
        label={`Make ${ROLE_LABELS[other].toLowerCase()}`}
        question={
          other === 'admin'
            ? `Make ${member.email} an admin? Admins manage the staff and the store's settings.`
            : `Make ${member.email} an operator? They will no longer manage the staff or the settings.`
        }
        confirmLabel={`Yes, make ${ROLE_LABELS[other].toLowerCase()}`}
        busyLabel="Changing…"
        keepLabel="Keep as it is"
        busy={change.isPending}
        tone="primary"
        onConfirm={() =>
          changeTo(other, `${member.email} is now ${other === 'admin' ? 'an admin' : 'an operator'}.`)
        }
      />
      <AskFirst
        label="Remove from staff"
        question={`Remove ${member.email} from the staff? Their account stays, as a shopper's, and their next back-office call is refused.`}
        confirmLabel="Yes, remove"
        busyLabel="Removing…"
        keepLabel="Keep on the staff"
        busy={change.isPending}
        onConfirm={() => changeTo('shopper', `${member.email} is no longer on the staff.`)}
      />
      <ErrorAlert error={change.error} />
    </div>
  );
}

const INVITATION_COLUMNS = [
  { label: 'Email' },
  { label: 'Invited by' },
  { label: `Expires (${STORE_TIME_NAME})` },
  { label: 'Revoke' },
] as const;

function InvitationTable({
  invitations,
  onRevoked,
}: {
  invitations: readonly StaffInvitation[];
  onRevoked: (message: string) => void;
}) {
  return (
    <Section headingId="invitations-heading" title="Open invitations" titleSize="lg">
      {invitations.length === 0 ? (
        <p className="text-muted">No invitation is waiting to be accepted.</p>
      ) : (
        <DataTable caption="Invitations not yet accepted, newest first" columns={INVITATION_COLUMNS}>
          {invitations.map((invitation) => (
            <tr key={invitation.id}>
              <td className="break-all p-3 font-semibold">{invitation.email}</td>
              <td className="break-all p-3">{invitation.invitedBy ?? 'A former member'}</td>
              <td className="whitespace-nowrap p-3">
                {invitation.expired ? 'Expired' : formatStoreDateTimeUnlabelled(invitation.expiresAt)}
              </td>
              <td className="p-3">
                <RevokeInvitation invitation={invitation} onRevoked={onRevoked} />
              </td>
            </tr>
          ))}
        </DataTable>
      )}
    </Section>
  );
}

function RevokeInvitation({
  invitation,
  onRevoked,
}: {
  invitation: StaffInvitation;
  onRevoked: (message: string) => void;
}) {
  const revoke = useRevokeStaffInvitation();
  return (
    <div className="flex flex-col items-start gap-2">
      <AskFirst
        label="Revoke"
        question={`Revoke the invitation to ${invitation.email}? Its link stops working.`}
        confirmLabel="Yes, revoke"
        busyLabel="Revoking…"
        keepLabel="Keep it"
        busy={revoke.isPending}
        onConfirm={() =>
          revoke.mutate(invitation.id, {
            onSuccess: () => onRevoked(`The invitation to ${invitation.email} was revoked.`),
          })
        }
      />
      <ErrorAlert error={revoke.error} />
    </div>
  );
}
