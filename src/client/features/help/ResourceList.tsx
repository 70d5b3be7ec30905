/** Crisis lines as links a phone can act on: one tap to call, to text or to open the website. */
import { FIND_A_HELPLINE_URL, smsHref, telHref, type CrisisResource } from '../../../shared/crisis-resources';

// 44 px: the smallest target a shaking hand can reliably hit (WCAG 2.5.5).
const ACTION = 'btn min-h-11 h-auto';

function Actions({ resource: r }: { resource: CrisisResource }) {
  if (!r.phone && !r.sms && !r.url) return null;
  return (
    <div className="mt-2 flex flex-wrap gap-2">
      {r.phone && (
        <a href={telHref(r.phone)} className={`${ACTION} btn-primary`} aria-label={`Call ${r.phone}, ${r.name}`}>
          Call {r.phone}
        </a>
      )}
      {r.sms && (
        <a href={smsHref(r.sms)} className={`${ACTION} btn-outline`} aria-label={`Text ${r.sms}, ${r.name}`}>
          Text {r.sms}
        </a>
      )}
      {r.url && (
        <a href={r.url} target="_blank" rel="noopener noreferrer" className={`${ACTION} btn-outline`}
          aria-label={`Open website, ${r.name} (opens in a new tab)`}>
          Open website
        </a>
      )}
    </div>
  );
}

export function ResourceList({ resources, compact = false }: { resources: CrisisResource[]; compact?: boolean }) {
  return (
    <ul className={compact ? 'space-y-3' : 'space-y-2'} aria-label="Crisis lines">
      {/* The finder has its own button beside the list (HelpLinks), so it is not listed twice. */}
      {resources.filter((r) => r.url !== FIND_A_HELPLINE_URL).map((r) => (
        <li key={`${r.region}|${r.name}`} className={compact ? '' : 'rounded-box bg-base-200 p-3'}>
          <p>
            <span className="font-semibold">{r.name}</span>
            <span className="text-sm"> · {r.region}</span>
          </p>
          <p className="text-sm">{r.contact}</p>
          <Actions resource={r} />
        </li>
      ))}
    </ul>
  );
}
