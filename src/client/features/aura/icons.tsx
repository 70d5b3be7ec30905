/** Icons only Aura's screen draws (the shared ones live in ui/icons). Decorative: always aria-hidden. */
import { Svg as Icon, type P } from '../../ui/icons';

export const IconSend = (p: P) => <Icon {...p}><path d="M22 2L11 13" /><path d="M22 2l-7 20-4-9-9-4z" /></Icon>;
export const IconImage = (p: P) => <Icon {...p}><rect x="3" y="3" width="18" height="18" rx="2" /><circle cx="8.5" cy="8.5" r="1.5" /><path d="M21 15l-5-5L5 21" /></Icon>;
export const IconPlus = (p: P) => <Icon {...p}><path d="M12 5v14" /><path d="M5 12h14" /></Icon>;
