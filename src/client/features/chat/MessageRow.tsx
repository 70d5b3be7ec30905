/**
 * One message of a direct or group chat; memoised so a change to another message leaves it alone.
 * Its quote, reactions, inline editor and menu are in ./message (docs/decisions/message-menu.md).
 */
import { memo, useRef, useState } from 'react';
import type { LocalMessage } from '../../db/database';
import { IconDots } from '../safety/icons';
import { itemState } from '../conversation/items';
import { canRespond } from './MessageActions';
import { useMessageScope } from './message/context';
import { InlineEditor } from './message/InlineEditor';
import { MENU_LABEL, MessageMenu, useMenuActions } from './message/MessageMenu';
import { MessageImage } from './message/MessageImage';
import { MessageTime } from './message/MessageTime';
import { OwnStatus } from './message/OwnStatus';
import { Quote } from './message/Quote';
import { Reactions } from './message/Reactions';
import { tombstoneText } from './message/snippet';
import { useMessageMenu } from './message/useMessageMenu';

export { tombstoneText } from './message/snippet';

export interface MessageRowProps {
  message: LocalMessage;
  mine: boolean;
  /** Group chats name each sender; a direct chat has only two people. */
  showSender: boolean;
  /** Called when the image has loaded (the row grew). */
  onImageLoad?: () => void;
}

function Row({ message: m, mine, showSender, onImageLoad }: MessageRowProps) {
  const state = itemState(m.status, m.deletedAt);
  const gone = state === 'deleted';
  const scope = useMessageScope();
  const [editing, setEditing] = useState(false);
  const bubble = useRef<HTMLDivElement>(null);
  const actions = useMenuActions(m, mine, () => setEditing(true));
  const menuable = !gone && !editing && (actions.length > 0 || (scope !== null && canRespond(m)));
  const menu = useMessageMenu(menuable);
  const stopEditing = () => {
    setEditing(false);
    bubble.current?.focus({ preventScroll: true });
  };

  return (
    <div className={`group chat ${mine ? 'chat-end' : 'chat-start'}`} data-testid="message" data-mine={mine} data-deleted={gone || undefined}
      onKeyDown={menu.onRowKeyDown}>
      {showSender && !mine && <div className="chat-header text-xs">{m.sender?.fullName ?? 'Someone'}</div>}
      {gone
        // No words, no image, no actions: only that something was here.
        ? <div className="chat-bubble bg-base-200 text-base-content italic">{tombstoneText(m.deletedBy)}</div>
        : (
          // Held on touch for the menu: the phone's own text selection and callout would fight it.
          <div ref={bubble} tabIndex={-1} {...menu.bubble}
            className={`chat-bubble wrap-anywhere whitespace-pre-wrap pointer-coarse:select-none [-webkit-touch-callout:none] ${mine ? 'chat-bubble-primary' : ''}`}>
            {m.replyTo && <Quote replyTo={m.replyTo} />}
            {m.image && <MessageImage image={m.image} mine={mine} onLoad={onImageLoad} />}
            {editing ? <InlineEditor message={m} onDone={stopEditing} /> : m.text}
          </div>
        )}
      {/* One footer: daisyUI's chat grid has a single footer row. */}
      <div className={`chat-footer flex flex-col gap-1 ${mine ? 'items-end' : 'items-start'}`}>
        {/* Only where there are some: the chips read the device's blocks and names. */}
        {!gone && (m.reactions?.length ?? 0) > 0 && <Reactions message={m} />}
        <div className="flex flex-wrap items-center justify-end gap-1 text-xs">
          <MessageTime message={m} />
          {mine && state !== 'deleted' && <OwnStatus message={m} state={state} />}
          {menuable && (
            // Drawn small and shown on hover or focus; on a phone the app's button rule makes it 44 px, and the negative margin keeps the row from growing by as much.
            <button type="button" aria-label={MENU_LABEL} title={MENU_LABEL} aria-haspopup="menu" aria-expanded={menu.anchor !== null}
              onClick={(e) => menu.toggleFrom(e.currentTarget)}
              className="btn btn-ghost btn-xs btn-circle opacity-0 group-hover:opacity-100 group-focus-within:opacity-100 aria-expanded:opacity-100 max-sm:-my-3">
              <IconDots className="size-4" />
            </button>
          )}
        </div>
      </div>
      {menu.anchor && <MessageMenu message={m} mine={mine} anchor={menu.anchor} onClose={menu.close} onEdit={() => setEditing(true)} />}
    </div>
  );
}

const reactionsKey = (m: LocalMessage) => (m.reactions ?? []).map((r) => `${r.emoji}:${r.userIds.join(',')}`).join(';');

/** The fields a row shows: a live query hands over new objects each time, so identity says nothing. */
export function sameRow(a: MessageRowProps, b: MessageRowProps): boolean {
  const x = a.message;
  const y = b.message;
  return a.mine === b.mine && a.showSender === b.showSender && a.onImageLoad === b.onImageLoad
    && x.key === y.key && x.status === y.status && x.error === y.error && x.text === y.text && x.image === y.image
    && x.createdAt === y.createdAt && x.sender?.fullName === y.sender?.fullName
    && (x.deletedAt ?? null) === (y.deletedAt ?? null) && (x.deletedBy ?? null) === (y.deletedBy ?? null) && x._id === y._id
    && (x.replyTo ?? null) === (y.replyTo ?? null) && (x.writtenAt ?? null) === (y.writtenAt ?? null)
    && (x.editedAt ?? null) === (y.editedAt ?? null) && reactionsKey(x) === reactionsKey(y);
}

export const MessageRow = memo(Row, sameRow);
