/** The audit log (docs/community-safety.md): every moderator action, who did it, when, what and why. */
import { useState } from 'react';
import type { AdminGroup, AdminUser } from '../../../shared/api';
import type { AdminReport, ModerationEntry } from '../../../shared/community';
import { LiftSuspensionButton } from './LiftSuspension';
import { actionText, shortTime } from './moderationText';

interface Props {
  entries: ModerationEntry[];
  /** What else the page knows, to name the people and groups the entries point at by id. */
  users: AdminUser[];
  reports: AdminReport[];
  groups: AdminGroup[];
  onChanged: () => Promise<unknown>;
}

interface Known { name: string; suspended?: boolean }

/** Names and suspensions from the page's lists: the user list's own flag first, then the reports'. */
function knownPeople(users: AdminUser[], reports: AdminReport[]): Map<string, Known> {
  const known = new Map<string, Known>();
  for (const r of reports) {
    if (r.reporter._id) known.set(r.reporter._id, { name: r.reporter.fullName });
    if (r.subject) known.set(r.subject._id, { name: r.subject.fullName, suspended: r.subject.suspended });
  }
  for (const u of users) known.set(u._id, { name: u.fullName, suspended: u.suspended ?? known.get(u._id)?.suspended });
  return known;
}

const newestFirst = (a: ModerationEntry, b: ModerationEntry) => Date.parse(b.createdAt) - Date.parse(a.createdAt);

/**
 * The entry whose suspension still stands, per person: their newest suspend or unsuspend entry
 * when it is a suspension, unless the page knows better (a list says they are not suspended).
 */
function standingSuspensions(sorted: ModerationEntry[], known: Map<string, Known>): Set<string> {
  const seen = new Set<string>();
  const standing = new Set<string>();
  for (const e of sorted) {
    if ((e.action !== 'suspend' && e.action !== 'unsuspend') || !e.subjectUserId || seen.has(e.subjectUserId)) continue;
    seen.add(e.subjectUserId);
    if (e.action === 'suspend' && known.get(e.subjectUserId)?.suspended !== false) standing.add(e._id);
  }
  return standing;
}

export function AuditLog({ entries, users, reports, groups, onChanged }: Props) {
  const known = knownPeople(users, reports);
  // Entries carry ids, not names: a name once seen here is kept, so a person stays named after
  // their report closes (and leaves the page's lists) or while the user list is filtered by role.
  // Updated while rendering when the lists change (React's "information from previous renders").
  const [seen, setSeen] = useState<{ from: unknown[]; names: ReadonlyMap<string, string> }>({ from: [], names: new Map() });
  if (seen.from[0] !== users || seen.from[1] !== reports) {
    const names = new Map(seen.names);
    for (const [id, { name }] of known) names.set(id, name);
    setSeen({ from: [users, reports], names });
  }
  const sorted = [...entries].sort(newestFirst);
  const standing = standingSuspensions(sorted, known);
  const personName = (id: string | null) => (id ? known.get(id)?.name ?? seen.names.get(id) ?? `a person (id ${id})` : 'someone');
  const groupName = (id: string | null) => groups.find((g) => g._id === id)?.name ?? 'a group no longer listed';

  return (
    <section aria-labelledby="audit-log-title" className="mt-8">
      <h2 id="audit-log-title" className="text-xl font-semibold">Audit log</h2>
      <p className="mt-1 text-sm">Every moderator action: who, when, what and why. Newest first.</p>
      {sorted.length === 0 && <p className="mt-3">No moderator actions yet.</p>}
      {sorted.length > 0 && (
        <ol className="mt-3 divide-y divide-base-300 rounded-box border border-base-300" aria-label="Moderator actions">
          {sorted.map((e) => (
            <li key={e._id} className="flex flex-wrap items-start gap-3 p-3" data-testid="log-entry">
              <div className="min-w-0 flex-1">
                <p className="font-medium wrap-anywhere">{actionText(e, personName(e.subjectUserId), groupName(e.groupId))}</p>
                <p className="text-sm wrap-anywhere">
                  By {e.actor.fullName}, <time dateTime={e.createdAt}>{shortTime(e.createdAt)}</time>
                </p>
                <p className="text-sm whitespace-pre-wrap wrap-anywhere">
                  {e.note.trim() ? <>Why: {e.note}</> : <span className="italic">No reason given</span>}
                </p>
              </div>
              {standing.has(e._id) && e.subjectUserId && (
                <LiftSuspensionButton userId={e.subjectUserId} name={personName(e.subjectUserId)} onChanged={onChanged} />
              )}
            </li>
          ))}
        </ol>
      )}
    </section>
  );
}
