/**
 * The composer as Aura's screen uses it (spec section 2): attach an image (preview, remove), type,
 * send; several lines, Shift+Enter breaks the line. One question at a time: a new chat is made by
 * its first question, and must not be made twice.
 */
import { conversationKey } from '../../../shared/conversation';
import { AURA_TEXT_MAX_LENGTH } from '../../../shared/limits';
import { sendAura } from '../../sync/hooks';
import { SEND_TEXTS } from '../../sync/texts';
import { Composer as OneComposer, type ComposerKind } from '../conversation/Composer';
import { IconImage, IconSend } from './icons';
import { AURA_UPLOAD } from './upload';

const AURA: ComposerKind = {
  label: 'Message to Aura', placeholder: 'Ask Aura anything...', maxLength: AURA_TEXT_MAX_LENGTH, multiline: true,
  images: AURA_UPLOAD, attachLabel: 'Attach image', attachAs: 'button', attachIcon: <IconImage />,
  sendLabel: 'Send message', sendIcon: <IconSend />, emptyMessage: 'Please enter a message or upload an image',
  failedMessage: SEND_TEXTS.failed, oneAtATime: true, testIdPrefix: 'aura',
};
const AURA_NEW_CHAT: ComposerKind = { ...AURA, failedMessage: SEND_TEXTS.newChatFailed };

export interface ComposerProps {
  chatId: string | null;
  /** The chat is loading or Aura is answering: no new question now. */
  busy: boolean;
  onSent: (chatId: string) => void;
  autoFocus?: boolean;
}

export function Composer({ chatId, busy, onSent, autoFocus }: ComposerProps) {
  const send = async (text: string, img: string | null) => onSent(await sendAura(chatId, text, img));
  // A new chat's words are kept under 'aura:new' until it has an id.
  const draftKey = chatId ? conversationKey({ kind: 'aura', id: chatId }) : 'aura:new';
  return <OneComposer kind={chatId ? AURA : AURA_NEW_CHAT} onSend={send} draftKey={draftKey} busy={busy} autoFocus={autoFocus} />;
}
