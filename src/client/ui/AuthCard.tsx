import type { ReactNode } from 'react';
import { MAIN_ID } from './SkipLink';

/** The centred card the signed-out screens share; phone first, a comfortable width on desktop. */
export function AuthCard({ title, subtitle, children }: { title: string; subtitle?: string; children: ReactNode }) {
  return (
    // Fills what the offline banner leaves; the card's auto margins centre it without cutting off a tall one.
    <main id={MAIN_ID} tabIndex={-1} className="flex grow flex-col bg-base-200 px-3 py-8">
      <div className="card m-auto w-full max-w-md bg-base-100 shadow-xl">
        <div className="card-body gap-4 p-5 sm:p-8">
          <div className="text-center">
            <span className="badge badge-primary font-semibold">Haven</span>
            <h1 className="mt-2 text-2xl font-bold">{title}</h1>
            {subtitle && <p className="mt-1">{subtitle}</p>}
          </div>
          {children}
        </div>
      </div>
    </main>
  );
}
