/** The composer as direct and group chats use it: one line, and a camera where images may be sent. */
import { MESSAGE_MAX_LENGTH } from '../../../shared/limits';
import { SEND_TEXTS } from '../../sync/texts';
import { IconCamera } from '../../ui/icons';
import { Composer as OneComposer, type ComposerKind } from '../conversation/Composer';
import { offerNotifications } from '../notifications/NotifyOffer';
import { CHAT_UPLOAD } from './upload';

export { ReportedError } from '../conversation/Composer';

const kindOf = (allowImage: boolean, placeholder: string): ComposerKind => ({
  label: 'Message', placeholder, maxLength: MESSAGE_MAX_LENGTH, multiline: false,
  images: allowImage ? CHAT_UPLOAD : null, attachLabel: 'Attach an image', attachAs: 'label', attachIcon: <IconCamera />,
  sendLabel: 'Send', failedMessage: SEND_TEXTS.failedTryAgain, oneAtATime: false, testIdPrefix: 'chat',
});

interface Props {
  /** Whether a photo may be attached: direct and group messages alike, through the same upload place and outbox. */
  allowImage: boolean;
  /** Resolves once the message is stored locally (the outbox sends it); rejects on a storage error. */
  onSend: (text: string, image: string | null) => Promise<unknown>;
  placeholder: string;
  /** Where the unsent text is kept on the device (the conversation's key); without it, nowhere. */
  draftKey?: string;
  /** A word to say before sending these words (a group's check for contact details); null sends at once. */
  checkBeforeSend?: (text: string) => string | null;
  onTyping?: (active: boolean) => void;
}

export function Composer({ allowImage, onSend, placeholder, draftKey, checkBeforeSend, onTyping }: Props) {
  // After the first message is on its way, an answer is what the person waits for: the moment to offer notifications.
  const send = async (text: string, image: string | null) => {
    const stored = await onSend(text, image);
    offerNotifications();
    return stored;
  };
  return <OneComposer kind={kindOf(allowImage, placeholder)} onSend={send} draftKey={draftKey ?? null} checkBeforeSend={checkBeforeSend} onTyping={onTyping} autoFocus />;
}
