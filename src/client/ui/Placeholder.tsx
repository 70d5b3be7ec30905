import { Link } from '@tanstack/react-router';
import { IconArrowLeft } from './icons';

/** A screen that a later release fills in; it always offers the way back. */
export function ComingSoon({ title, text }: { title: string; text: string }) {
  return (
    <main className="mx-auto flex max-w-xl flex-col items-center gap-4 px-4 py-16 text-center">
      <h1 className="text-2xl font-bold">{title}</h1>
      <p>{text}</p>
      <p className="text-sm">This space is coming soon.</p>
      <Link to="/dashboard" className="btn btn-primary">
        <IconArrowLeft /> Back to Dashboard
      </Link>
    </main>
  );
}
