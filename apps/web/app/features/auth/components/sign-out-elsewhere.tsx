import { messageForError } from '@crossbuy/core/errors';
import { useMutation } from '@tanstack/react-query';
import { Alert } from '../../../components/ui/alert';
import { Button } from '../../../components/ui/button';
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
      <Button variant="secondary" disabled={signOut.isPending} onClick={() => signOut.mutate()}>
        {signOut.isPending ? 'Signing out other devices…' : 'Sign out on all other devices'}
      </Button>
      <div role="status" className="empty:hidden">
        {signOut.isSuccess ? endedSentence(signOut.data) : ''}
      </div>
      {signOut.isError && <Alert>{messageForError(signOut.error)}</Alert>}
    </div>
  );
}
