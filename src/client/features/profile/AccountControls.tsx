import { useState, type ReactNode } from 'react';
import { ChangePassword } from './ChangePassword';
import { DeleteAccount } from './DeleteAccount';
import { Sessions } from './Sessions';
import { YourData } from './YourData';

function Section({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <section aria-labelledby={id} className="card bg-base-100 shadow-lg">
      <div className="card-body gap-4 p-4 sm:p-8">
        <h2 id={id} className="text-lg font-semibold">{title}</h2>
        {children}
      </div>
    </section>
  );
}

/** Below the profile: password and sessions, the person's data, and leaving (docs/security.md, Accounts). */
export function AccountControls() {
  // A password change signs other devices out: the sessions list reloads to show it.
  const [changes, setChanges] = useState(0);
  return (
    <>
      <Section id="security-title" title="Password and sessions">
        <ChangePassword onChanged={() => setChanges((n) => n + 1)} />
        <div className="flex flex-col gap-2">
          <h3 className="text-base font-semibold">Where you are signed in</h3>
          <Sessions key={changes} />
        </div>
      </Section>
      <Section id="your-data-title" title="Your data">
        <YourData />
      </Section>
      <Section id="delete-account-title" title="Delete account">
        <DeleteAccount />
      </Section>
    </>
  );
}
