/** The help icon, drawn wherever help is offered. Decorative: always aria-hidden. */
import { Svg as Icon, type P } from '../../ui/icons';

export const IconLifebuoy = (p: P) => <Icon {...p}><circle cx="12" cy="12" r="10" /><circle cx="12" cy="12" r="4" /><path d="M4.9 4.9l4.3 4.3" /><path d="M14.8 14.8l4.3 4.3" /><path d="M14.8 9.2l4.3-4.3" /><path d="M4.9 19.1l4.3-4.3" /></Icon>;
