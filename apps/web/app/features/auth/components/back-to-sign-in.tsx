import { Link } from 'react-router';
import { textLinkClasses } from '../../../components/ui/button';

/** The way back from the password pages to the sign-in page. */
export function BackToSignIn() {
  return (
    <p className="text-sm">
      <Link to="/sign_in" className={textLinkClasses}>
        Back to sign in
      </Link>
    </p>
  );
}
