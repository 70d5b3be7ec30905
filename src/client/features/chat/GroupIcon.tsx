import { IconBook, IconChat, IconHeart, IconUsers } from '../../ui/icons';

/** The spec's four group icons (mental, relationship, academic, other): any unknown type gets 'other'. */
export function GroupIcon({ type, className = 'size-6' }: { type: string; className?: string }) {
  switch (type) {
    case 'mental': return <IconHeart className={className} />;
    case 'relationship': return <IconUsers className={className} />;
    case 'academic': return <IconBook className={className} />;
    default: return <IconChat className={className} />;
  }
}
