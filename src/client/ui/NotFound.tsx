import { Link } from '@tanstack/react-router';
import { pageTitle } from './screen';
import { MAIN_ID } from './SkipLink';

export function NotFound() {
  return (
    <main id={MAIN_ID} tabIndex={-1} className="mx-auto flex min-h-[70dvh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      {/* No route matched, so no route's head names this screen: React puts this title in the head. */}
      <title>{pageTitle('Page not found')}</title>
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p>We could not find that page. It may have moved, or the link may be mistyped.</p>
      <Link to="/" className="btn btn-primary">Go home</Link>
    </main>
  );
}
