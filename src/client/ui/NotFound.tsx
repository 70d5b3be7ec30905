import { Link } from '@tanstack/react-router';

export function NotFound() {
  return (
    <main className="mx-auto flex min-h-[70dvh] max-w-md flex-col items-center justify-center gap-4 px-4 text-center">
      <h1 className="text-3xl font-bold">Page not found</h1>
      <p>We could not find that page. It may have moved, or the link may be mistyped.</p>
      <Link to="/" className="btn btn-primary">Go home</Link>
    </main>
  );
}
