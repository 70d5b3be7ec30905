import { Svg, type P } from '../../ui/icons';

/** A magnifying glass: decorative, beside a name that says what it does. */
export const IconSearch = (p: P) => <Svg {...p}><circle cx="11" cy="11" r="7" /><path d="M21 21l-4.3-4.3" /></Svg>;
