import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { auditEntries } from '../src/features/audit/audit.table.js';
import { staffInvitations } from '../src/features/staff/staff.table.js';
import { users } from '../src/features/users/users.table.js';
import { errorCode, lastMailTo, linkParamFor } from './helpers/browser.js';
import { apiAs, createTestApp, createUser, signInAs, type TestApp } from './helpers/test-app.js';

describe("the store's staff", () => {
  let harness: TestApp;
  let admin: { id: string; email: string };
  let asAdmin: ReturnType<typeof apiAs>;

  const signedIn = async (user: Parameters<typeof signInAs>[1], tfaPassed = true) =>
    apiAs(harness.app, await signInAs(harness.app, user, { tfaPassed }));
  const invite = async (email: string) => {
    const answer = await asAdmin.send('POST', '/api/admin/staff/invitations', { email });
    expect(answer.statusCode, answer.body).toBe(201);
    return {
      id: answer.json().invitation.id as string,
      token: await linkParamFor(harness.app, email, 'token'),
    };
  };
  const auditOf = (subjectId: string) =>
    harness.app.db.select().from(auditEntries).where(eq(auditEntries.subjectId, subjectId));
  const roleOf = async (id: string) =>
    (await harness.app.db.select({ role: users.role }).from(users).where(eq(users.id, id)))[0]?.role;

  beforeAll(async () => {
    harness = await createTestApp();
    admin = await createUser(harness.app, { role: 'admin' });
    asAdmin = await signedIn(admin as never);
  });
  afterAll(() => harness?.close());

  it('mails an invitation whose link makes the invited account an operator, once', async () => {
    const invitee = await createUser(harness.app, { email: 'new.operator@example.com' });
    const { id, token } = await invite('New.Operator@Example.com ');
    const mail = await lastMailTo(harness.app, 'new.operator@example.com');
    expect(mail?.subject).toMatch(/invited/i);
    expect(mail?.text).toContain('/staff_invitation?token=');
    const [stored] = await harness.app.db.select().from(staffInvitations).where(eq(staffInvitations.id, id));
    expect(stored?.tokenHash).not.toBe(token);

    const listed = (await asAdmin.get('/api/admin/staff')).json();
    expect(listed.invitations).toContainEqual(
      expect.objectContaining({
        id,
        email: 'new.operator@example.com',
        invitedBy: admin.email,
        expired: false,
      }),
    );

    const asInvitee = await signedIn(invitee, false);
    const answers = await Promise.all(
      Array.from({ length: 20 }, () => asInvitee.send('POST', '/api/staff_invitations/accept', { token })),
    );
    expect(answers.filter((answer) => answer.statusCode === 200)).toHaveLength(1);
    expect(answers.filter((answer) => errorCode(answer) === 'staff_invitation/invalid_token')).toHaveLength(
      19,
    );
    expect(await roleOf(invitee.id)).toBe('operator');

    const after = (await asAdmin.get('/api/admin/staff')).json();
    expect(after.invitations.map((invitation: { id: string }) => invitation.id)).not.toContain(id);
    expect(after.staff).toContainEqual(
      expect.objectContaining({ id: invitee.id, role: 'operator', tfaEnabled: false }),
    );
    expect(after.staff.find((member: { id: string }) => member.id === invitee.id).lastSignInAt).toEqual(
      expect.any(String),
    );
    expect((await auditOf(id)).map((entry) => entry.action).sort()).toEqual([
      'staff_invitation.accept',
      'staff_invitation.send',
    ]);
    const [roleEntry] = await auditOf(invitee.id);
    expect(roleEntry).toMatchObject({
      action: 'user.change_role',
      before: { role: 'shopper' },
      after: { role: 'operator' },
    });
  });

  it('refuses another account, an expired or revoked link, and an unknown token', async () => {
    const invitee = await createUser(harness.app, { email: 'kept.waiting@example.com' });
    const stranger = await signedIn(await createUser(harness.app), false);
    const { id, token } = await invite(invitee.email);

    const wrong = await stranger.send('POST', '/api/staff_invitations/accept', { token });
    expect(wrong.statusCode).toBe(403);
    expect(errorCode(wrong)).toBe('staff_invitation/wrong_account');
    expect(wrong.json().error.message).toContain('kept.waiting@example.com');

    const unknown = await stranger.send('POST', '/api/staff_invitations/accept', { token: 'x'.repeat(43) });
    expect(errorCode(unknown)).toBe('staff_invitation/invalid_token');

    const asInvitee = await signedIn(invitee, false);
    await harness.app.db
      .update(staffInvitations)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(staffInvitations.id, id));
    const expired = await asInvitee.send('POST', '/api/staff_invitations/accept', { token });
    expect(expired.statusCode).toBe(400);
    expect(errorCode(expired)).toBe('staff_invitation/expired');
    expect((await asAdmin.get('/api/admin/staff')).json().invitations).toContainEqual(
      expect.objectContaining({ id, expired: true }),
    );

    // Inviting again replaces the token: the old link stops working, the new one is fresh.
    const again = await invite(invitee.email);
    expect(again.id).toBe(id);
    expect(errorCode(await asInvitee.send('POST', '/api/staff_invitations/accept', { token }))).toBe(
      'staff_invitation/invalid_token',
    );

    const revoked = await asAdmin.send('DELETE', `/api/admin/staff/invitations/${id}`);
    expect(revoked.statusCode).toBe(204);
    const late = await asInvitee.send('POST', '/api/staff_invitations/accept', { token: again.token });
    expect(errorCode(late)).toBe('staff_invitation/invalid_token');
    expect(await roleOf(invitee.id)).toBe('shopper');
    expect((await asAdmin.send('DELETE', `/api/admin/staff/invitations/${id}`)).statusCode).toBe(404);
    expect((await asAdmin.send('DELETE', '/api/admin/staff/invitations/not-an-id')).statusCode).toBe(404);
    const entries = await harness.app.db
      .select()
      .from(auditEntries)
      .where(and(eq(auditEntries.subjectId, id), eq(auditEntries.action, 'staff_invitation.revoke')));
    expect(entries).toHaveLength(1);
    expect(entries[0]).toMatchObject({ actorUserId: admin.id, before: { revokedAt: null } });
  });

  it('refuses to invite someone already on the staff, and a bad email', async () => {
    const operator = await createUser(harness.app, { role: 'operator' });
    const taken = await asAdmin.send('POST', '/api/admin/staff/invitations', { email: operator.email });
    expect(errorCode(taken)).toBe('staff/already_staff');
    const bad = await asAdmin.send('POST', '/api/admin/staff/invitations', { email: 'not an email' });
    expect(errorCode(bad)).toBe('user/invalid_email');
  });

  it("changes a role, and the demoted operator's very next call is refused", async () => {
    const operator = await createUser(harness.app, { role: 'operator' });
    const asOperator = await signedIn(operator);
    expect((await asOperator.get('/api/admin/orders')).statusCode).toBe(200);

    const demoted = await asAdmin.send('POST', `/api/admin/staff/${operator.id}/role`, { role: 'shopper' });
    expect(demoted.statusCode, demoted.body).toBe(200);
    expect(demoted.json()).toEqual({ user: { id: operator.id, role: 'shopper' } });
    const next = await asOperator.get('/api/admin/orders');
    expect(next.statusCode).toBe(403);
    expect(errorCode(next)).toBe('auth/not_authorized');
    const [entry] = await auditOf(operator.id);
    expect(entry).toMatchObject({
      actorUserId: admin.id,
      action: 'user.change_role',
      before: { role: 'operator' },
      after: { role: 'shopper' },
    });

    expect(
      (await asAdmin.send('POST', '/api/admin/staff/not-an-id/role', { role: 'admin' })).statusCode,
    ).toBe(404);
    expect(
      errorCode(await asAdmin.send('POST', `/api/admin/staff/${operator.id}/role`, { role: 'owner' })),
    ).toBe('general/argument_error');
  });

  it('refuses demoting yourself, and keeps an admin when two admins demote each other at once', async () => {
    const own = await asAdmin.send('POST', `/api/admin/staff/${admin.id}/role`, { role: 'operator' });
    expect(errorCode(own)).toBe('staff/own_role');

    const other = await createUser(harness.app, { role: 'admin' });
    const asOther = await signedIn(other);
    const answers = await Promise.all(
      Array.from({ length: 10 }, (_, index) =>
        index % 2 === 0
          ? asAdmin.send('POST', `/api/admin/staff/${other.id}/role`, { role: 'shopper' })
          : asOther.send('POST', `/api/admin/staff/${admin.id}/role`, { role: 'shopper' }),
      ),
    );
    const roles = [await roleOf(admin.id), await roleOf(other.id)];
    expect(roles.filter((role) => role === 'admin')).toHaveLength(1);
    expect(answers.filter((answer) => answer.statusCode === 200).length).toBeGreaterThanOrEqual(1);
    for (const answer of answers.filter((answer) => answer.statusCode !== 200)) {
      expect(['staff/last_admin', 'auth/not_authorized']).toContain(errorCode(answer));
    }
    const demotions = await harness.app.db
      .select()
      .from(auditEntries)
      .where(eq(auditEntries.action, 'user.change_role'));
    expect(
      demotions.filter(
        (entry) =>
          (entry.after as { role: string }).role === 'shopper' &&
          (entry.before as { role: string }).role === 'admin',
      ),
    ).toHaveLength(1);
    // Whoever kept the role restores the other, so the tests after this one have their admin.
    if (roles[0] !== 'admin') {
      await asOther.send('POST', `/api/admin/staff/${admin.id}/role`, { role: 'admin' });
    }
  });

  it('is for admins only, and changes need the anti-forgery header', async () => {
    const asOperator = await signedIn(await createUser(harness.app, { role: 'operator' }));
    for (const answer of [
      await asOperator.get('/api/admin/staff'),
      await asOperator.send('POST', '/api/admin/staff/invitations', { email: 'x@example.com' }),
      await asOperator.send('POST', `/api/admin/staff/${admin.id}/role`, { role: 'shopper' }),
    ]) {
      expect(answer.statusCode).toBe(403);
      expect(errorCode(answer)).toBe('auth/not_authorized');
    }
    const session = await signInAs(harness.app, admin as never, { tfaPassed: true });
    const forged = await harness.app.inject({
      method: 'POST',
      url: '/api/admin/staff/invitations',
      headers: { cookie: session.cookie, 'content-type': 'application/json' },
      payload: JSON.stringify({ email: 'forged@example.com' }),
    });
    expect(forged.statusCode).toBe(403);
    expect(errorCode(forged)).toBe('auth/invalid_state');
    const visitor = await harness.app.inject({
      method: 'POST',
      url: '/api/staff_invitations/accept',
      payload: { token: 'x' },
    });
    expect([401, 403]).toContain(visitor.statusCode);
  });
});
