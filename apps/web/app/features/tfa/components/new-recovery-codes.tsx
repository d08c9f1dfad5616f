import { useId, useState } from 'react';
import { Button } from '../../../components/ui/button';

export const RECOVERY_CODES_FILE_NAME = 'crossbuy-recovery-codes.txt';

/** The codes as the downloaded file and the clipboard hold them: what they are for, then one a line. */
export function recoveryCodesText(codes: readonly string[], email: string): string {
  return [
    `Crossbuy recovery codes for ${email}`,
    '',
    'If you cannot use your authenticator app, each code signs you in once in place of its code.',
    'Keep them somewhere safe, such as a password manager.',
    '',
    ...codes,
    '',
  ].join('\n');
}

function download(text: string) {
  const url = URL.createObjectURL(new Blob([text], { type: 'text/plain;charset=utf-8' }));
  const link = document.createElement('a');
  link.href = url;
  link.download = RECOVERY_CODES_FILE_NAME;
  link.click();
  // The browser reads the file after this click returns.
  setTimeout(() => URL.revokeObjectURL(url), 0);
}

type CopyState = 'copied' | 'failed' | undefined;

type NewRecoveryCodesProps = {
  codes: readonly string[];
  email: string;
  /** The shopper confirmed they saved the codes; they are not shown again. */
  onSaved: () => void;
};

/**
 * New recovery codes, shown this once: to copy, to download as a text file, and to confirm as saved
 * before the page moves on.
 */
export function NewRecoveryCodes({ codes, email, onSaved }: NewRecoveryCodesProps) {
  const headingId = useId();
  const [copy, setCopy] = useState<CopyState>();
  const text = recoveryCodesText(codes, email);

  const copyCodes = async () => {
    try {
      await navigator.clipboard.writeText(text);
      setCopy('copied');
    } catch {
      setCopy('failed');
    }
  };

  return (
    <section
      aria-labelledby={headingId}
      className="flex flex-col gap-4 rounded-lg border border-brand-200 bg-brand-50/40 p-4 sm:p-6"
    >
      <h3 id={headingId} className="text-lg font-semibold">
        Save your recovery codes
      </h3>
      <p>
        If you lose your phone, each of these codes signs you in once instead of a code from your app. This is
        the only time we show them: copy them or download them, and keep them somewhere safe, such as a
        password manager.
      </p>
      <ol
        aria-label="Recovery codes"
        className="grid grid-cols-1 gap-x-8 gap-y-2 rounded-lg border border-line bg-white p-4 font-mono text-lg min-[420px]:grid-cols-2"
        data-testid="recovery-codes"
      >
        {codes.map((code) => (
          <li key={code}>{code}</li>
        ))}
      </ol>
      <div className="flex flex-wrap gap-3">
        <Button variant="secondary" onClick={copyCodes}>
          Copy codes
        </Button>
        <Button variant="secondary" onClick={() => download(text)}>
          Download as a text file
        </Button>
      </div>
      <p role="status" className="text-sm">
        {copy === 'copied' ? 'The codes are copied. Paste them somewhere safe.' : null}
        {copy === 'failed'
          ? 'This browser did not let us copy them. Download them instead, or write them down.'
          : null}
      </p>
      <Button className="self-start" onClick={onSaved}>
        I have saved them
      </Button>
    </section>
  );
}
