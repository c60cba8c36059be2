import { PageIntro } from './page-intro';
import { SignInLink } from './sign-in-link';

/** A signed-in page's intro for a signed-out visitor: why to sign in, and a sign-in link that comes back here. */
export function SignInIntro({ title, lead, signIn }: { title: string; lead: string; signIn: string }) {
  return (
    <PageIntro title={title}>
      <p className="page-intro__lead">{lead}</p>
      <SignInLink className="button">{signIn}</SignInLink>
    </PageIntro>
  );
}
