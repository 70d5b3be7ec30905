/** A person's photo (or initials) with the online dot; the dot is also said in words for screen readers. */
export function Avatar({ name, src, online }: { name: string; src?: string | null; online?: boolean }) {
  const initials = name.split(/\s+/).filter(Boolean).slice(0, 2).map((w) => w[0]?.toUpperCase()).join('');
  return (
    <span className="relative inline-flex shrink-0">
      {src
        ? <img src={src} alt="" className="size-10 rounded-full object-cover" loading="lazy" />
        : <span className="flex size-10 items-center justify-center rounded-full bg-neutral text-sm font-semibold text-neutral-content" aria-hidden="true">{initials}</span>}
      {online && (
        <span className="absolute right-0 bottom-0 size-3 rounded-full bg-success ring-2 ring-base-100" data-testid="online-dot" aria-hidden="true" />
      )}
    </span>
  );
}
