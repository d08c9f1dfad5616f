import { useMutation } from '@tanstack/react-query';
import { ErrorAlert } from '../../../components/ui/alert';
import { PendingButton } from '../../../components/ui/button';
import { signOutElsewhere } from '../api/auth-api';

function endedSentence(ended: number): string {
  if (ended === 0) return 'No other device was signed in to your account.';
  return ended === 1
    ? 'You have been signed out on 1 other device.'
    : `You have been signed out on ${ended} other devices.`;
}

/**
 * Signs the account out everywhere but here: for a lost phone or a shared computer. Those devices lose
 * their access at once, open order pages included; this one stays signed in.
 */
export function SignOutElsewhere() {
  const signOut = useMutation({ mutationFn: () => signOutElsewhere() });
  return (
    <div className="flex flex-col items-start gap-3">
      <p className="text-muted">
        Lost a phone, or signed in on a computer that is not yours? Sign out everywhere except on this device.
      </p>
      <PendingButton
        variant="secondary"
        pending={signOut.isPending}
        pendingLabel="Signing out other devices…"
        onClick={() => signOut.mutate()}
      >
        Sign out on all other devices
      </PendingButton>
      <div role="status" className="empty:hidden">
        {signOut.isSuccess ? endedSentence(signOut.data) : ''}
      </div>
      <ErrorAlert error={signOut.error} />
    </div>
  );
}
