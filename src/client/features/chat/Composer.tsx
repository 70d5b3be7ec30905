/** The composer as direct and group chats use it: one line, a camera for direct messages. */
import { MESSAGE_MAX_LENGTH } from '../../../shared/limits';
import { SEND_TEXTS } from '../../sync/texts';
import { IconCamera } from '../../ui/icons';
import { Composer as OneComposer, type ComposerKind } from '../conversation/Composer';
import { CHAT_UPLOAD } from './upload';

export { ReportedError } from '../conversation/Composer';

const kindOf = (allowImage: boolean, placeholder: string): ComposerKind => ({
  label: 'Message', placeholder, maxLength: MESSAGE_MAX_LENGTH, multiline: false,
  images: allowImage ? CHAT_UPLOAD : null, attachLabel: 'Attach an image', attachAs: 'label', attachIcon: <IconCamera />,
  sendLabel: 'Send', failedMessage: SEND_TEXTS.failedTryAgain, oneAtATime: false, testIdPrefix: 'chat',
});

interface Props {
  /** Direct messages may carry an image; group messages are text only (spec section 5). */
  allowImage: boolean;
  /** Resolves once the message is stored locally (the outbox sends it); rejects on a storage error. */
  onSend: (text: string, image: string | null) => Promise<unknown>;
  placeholder: string;
  /** Where the unsent text is kept on the device (the conversation's key); without it, nowhere. */
  draftKey?: string;
  /** A word to say before sending these words (a group's check for contact details); null sends at once. */
  checkBeforeSend?: (text: string) => string | null;
}

export function Composer({ allowImage, onSend, placeholder, draftKey, checkBeforeSend }: Props) {
  return <OneComposer kind={kindOf(allowImage, placeholder)} onSend={onSend} draftKey={draftKey ?? null} checkBeforeSend={checkBeforeSend} autoFocus />;
}
