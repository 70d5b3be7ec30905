/**
 * What the server does with a person's own message once it is stored: judge it with their previous
 * few lines in the same place, put private help on their own answer, and (when they asked for it)
 * let their professional know. Only a new message can alert; a retried send still gets its help.
 */
import type { DirectMessage, GroupMessage } from '../../shared/api';
import { helpFor, type AuthorHelp, type HelpSubject } from '../../shared/safety';
import type { Db } from '../db/client';
import { alertProfessional, type AlertChannels } from './alerts';
import { previousTexts, type Place } from './recent';

export interface Written {
  senderId: string;
  text: string;
  seq: number;
  at: Date;
  place: Place;
  created: boolean;
}

/** A stored direct or group message as the check reads it. */
export function writtenOf(message: DirectMessage | GroupMessage, created: boolean): Written {
  const place: Place = 'groupId' in message ? { kind: 'group', groupId: message.groupId } : { kind: 'direct', receiverId: message.receiverId };
  return { senderId: message.senderId, text: message.text, seq: message.seq, at: new Date(message.createdAt), place, created };
}

export async function checkAuthor(db: Db, channels: AlertChannels, m: Written): Promise<AuthorHelp | null> {
  if (!m.text.trim()) return null;
  const help = helpFor(m.text, await previousTexts(db, m.senderId, m.place, m.seq, m.at));
  if (help && m.created) await raiseAlert(db, channels, m.senderId, help.subject);
  return help;
}

/** Someone else's risk ("my friend took pills") alerts nobody about the writer. */
export async function raiseAlert(db: Db, channels: AlertChannels, personId: string, subject: HelpSubject): Promise<void> {
  if (subject === 'self') await alertProfessional(db, channels, personId);
}
