import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/button';

/**
 * The registration checkbox's label, linking the terms and the privacy notice it accepts. They open in
 * a new tab so that what has been typed into the form stays.
 */
export function TermsLabel() {
  return (
    <>
      I accept the{' '}
      <Link to="/terms" target="_blank" className={textLinkClasses}>
        terms and conditions
        <span className="sr-only"> (opens in a new tab)</span>
      </Link>{' '}
      and have read the{' '}
      <Link to="/privacy" target="_blank" className={textLinkClasses}>
        privacy notice
        <span className="sr-only"> (opens in a new tab)</span>
      </Link>
    </>
  );
}
