/** Request bodies, validated by the server and reused by the client's forms. Messages are the spec's words. */
import { z } from './zod';
import {
  AURA_TEXT_MAX_LENGTH, BATCH_MAX_ITEMS, DISPLAY_NAME_MAX_LENGTH, EMAIL_MAX_LENGTH, GROUP_DESCRIPTION_MAX_LENGTH, GROUP_TYPES, MESSAGE_MAX_LENGTH, NAME_MAX_LENGTH,
  PAGE_SIZE_DEFAULT, PAGE_SIZE_MAX, PASSWORD_MAX_LENGTH, PASSWORD_MIN_LENGTH,
  REFERRAL_CODE_MAX_LENGTH, ROLE_FILTERS, ROLES, SYNC_PAGE_MAX, VERIFICATION_MESSAGE_MAX_LENGTH,
} from './limits';
import { isId } from './ids';
import { isDataUrl } from './images';
import { isAllowedText, TEXT_NOT_ALLOWED } from './text';
import { REACTIONS } from './message-rules';

const EMAIL_PATTERN = /^[^\s@]+@[^\s@]+\.[^\s@]+$/;

export const emailField = z
  .string({ error: 'Email is required' })
  .trim()
  .min(1, 'Email is required')
  .max(EMAIL_MAX_LENGTH, 'Email is too long')
  .regex(EMAIL_PATTERN, 'Invalid email format')
  .transform((e) => e.toLowerCase());

export const passwordField = z
  .string({ error: 'Password is required' })
  .min(1, 'Password is required')
  .min(PASSWORD_MIN_LENGTH, `Password must be at least ${PASSWORD_MIN_LENGTH} characters`)
  .max(PASSWORD_MAX_LENGTH, `Password must be at most ${PASSWORD_MAX_LENGTH} characters`);

export const referralCodeField = z
  .string()
  .trim()
  .max(REFERRAL_CODE_MAX_LENGTH, 'Invalid referral code')
  .transform((c) => c.toUpperCase());

export const signupSchema = z.object({
  fullName: z.string({ error: 'Full name is required' }).trim().min(1, 'Full name is required')
    .max(NAME_MAX_LENGTH, `Full name must be at most ${NAME_MAX_LENGTH} characters`),
  email: emailField,
  password: passwordField,
  // 'admin' is accepted by the schema so the server can answer 403 rather than a vague 400.
  role: z.enum(ROLES, { error: 'Please choose a role' }),
  referralCode: referralCodeField.optional().default(''),
});
export type SignupInput = z.input<typeof signupSchema>;

export const loginSchema = z.object({
  email: z.string({ error: 'Email and password are required' }).trim().min(1, 'Email and password are required')
    .max(EMAIL_MAX_LENGTH).transform((e) => e.toLowerCase()),
  password: z.string({ error: 'Email and password are required' }).min(1, 'Email and password are required')
    .max(PASSWORD_MAX_LENGTH),
});
export type LoginInput = z.input<typeof loginSchema>;

/** PUT /api/auth/password. The new password follows the signup rules; the server also refuses common ones. */
export const changePasswordSchema = z.object({
  currentPassword: z.string({ error: 'Please enter your current password' }).min(1, 'Please enter your current password')
    .max(PASSWORD_MAX_LENGTH),
  newPassword: passwordField,
}).refine((b) => b.newPassword !== b.currentPassword, {
  message: 'Your new password must be different from the current one', path: ['newPassword'],
});
export type ChangePasswordInput = z.input<typeof changePasswordSchema>;

/**
 * A reset code as read out over the phone: case, spaces and dashes do not matter, so
 * "k7m3 q9tx 4hpd" is "K7M3-Q9TX-4HPD". The server hashes the bare letters and digits.
 */
export const resetCodeField = z.string({ error: 'Please enter the reset code' }).trim()
  .min(1, 'Please enter the reset code').max(40, 'That reset code is too long')
  .transform((c) => c.toUpperCase().replace(/[^A-Z0-9]/g, ''));

/** POST /api/auth/reset-password: a code from an admin, instead of an email Haven never sends. */
export const resetPasswordSchema = z.object({ email: emailField, resetCode: resetCodeField, newPassword: passwordField });
export type ResetPasswordInput = z.input<typeof resetPasswordSchema>;

/** DELETE /api/me: the password again, so a borrowed unlocked device cannot delete the account. */
export const deleteAccountSchema = z.object({
  password: z.string({ error: 'Please enter your password' }).min(1, 'Please enter your password').max(PASSWORD_MAX_LENGTH),
});

export const PROFILE_PIC_MESSAGE = 'Profile pic must be an image data URL';
const IMAGE_DATA_URL = /^data:image\/[a-z+.-]+;base64,[A-Za-z0-9+/=\s]+$/;

/**
 * A new photo as an image data URL. The spec's client then sends its answer (the user, whose
 * profilePic is now the stored photo's URL) straight back; the route answers that with the user
 * unchanged, so a short non-data string is let through here for the route to compare.
 */
export const updateProfileSchema = z.object({
  profilePic: z.string({ error: 'Profile pic is required' })
    .refine((s) => (isDataUrl(s) ? IMAGE_DATA_URL.test(s) : s.length > 0 && s.length <= 500), PROFILE_PIC_MESSAGE),
});

export const requestVerificationSchema = z.object({
  message: z.string({ error: 'Please provide a verification message' }).trim()
    .min(1, 'Please provide a verification message')
    .max(VERIFICATION_MESSAGE_MAX_LENGTH, `Please keep the message under ${VERIFICATION_MESSAGE_MAX_LENGTH} characters`),
});

/** PUT /api/me/display-name: the name peers see; empty shows the full name again. */
export const displayNameSchema = z.object({
  displayName: z.string({ error: 'Please enter a display name' }).trim()
    .max(DISPLAY_NAME_MAX_LENGTH, `Please keep your display name under ${DISPLAY_NAME_MAX_LENGTH} characters`),
});

export const validateReferralSchema = z.object({ referralCode: referralCodeField });

export const rejectUserSchema = z.object({
  reason: z.string().trim().max(VERIFICATION_MESSAGE_MAX_LENGTH).optional(),
}).nullish(); // the spec's client sends no body at all (Fastify reads that as null)

export const createGroupSchema = z.object({
  name: z.string({ error: 'Please fill in all fields' }).trim().min(1, 'Please fill in all fields').max(NAME_MAX_LENGTH),
  type: z.enum(GROUP_TYPES, { error: 'Please fill in all fields' }),
  description: z.string({ error: 'Please fill in all fields' }).trim().min(1, 'Please fill in all fields')
    .max(GROUP_DESCRIPTION_MAX_LENGTH),
});

export const roleFilterSchema = z.object({
  role: z.enum(ROLE_FILTERS).optional().default('all'),
});

/** Every id the API takes, in a path, a query or a body: 24 hex characters. */
export const idString = z.string().refine(isId, 'Invalid id format');

export const idParam = z.object({ id: idString });

/** The first message per field, the shape the client shows beside each input. */
export function fieldErrors(error: z.ZodError): Record<string, string> {
  const out: Record<string, string> = {};
  for (const issue of error.issues) {
    const key = issue.path.join('.') || '_';
    out[key] ??= issue.message;
  }
  return out;
}

/** The sender's idempotency key: made once per message on the client, kept across every retry. */
export const clientIdField = z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'Invalid client id');

const messageText = z.string().max(MESSAGE_MAX_LENGTH, `Messages can be at most ${MESSAGE_MAX_LENGTH} characters`)
  .refine(isAllowedText, TEXT_NOT_ALLOWED);

/**
 * An image in a direct message: the URL of an upload (Haven's app), or a `data:` URL (the spec's
 * client), which the server puts through the upload pipeline. A data URL's size is bounded by the
 * route's body limit, and its bytes by the pipeline (413 over 5 MB, 415 when not JPEG, PNG or GIF).
 */
const messageImage = z.string()
  .refine((s) => isDataUrl(s) || s.length <= 500, 'The image must be uploaded first')
  .nullish();

export const sendMessageSchema = z.object({
  text: messageText.optional().default(''),
  image: messageImage,
  clientId: clientIdField.optional(),
}).refine((m) => m.text.trim() !== '' || !!m.image, { message: 'Message text or image is required', path: ['text'] });

export const sendGroupMessageSchema = z.object({
  text: messageText.refine((t) => t.trim() !== '', 'Message text is required'),
  clientId: clientIdField.optional(),
});

/**
 * A page of a thread: the newest `limit` messages before `before`, oldest first. `before` is a
 * message id (what the app sends), or a seq number (the earlier cursor form, still accepted).
 */
export const pageQuerySchema = z.object({
  before: z.union([
    idString,
    z.coerce.number().int().positive(),
  ]).optional(),
  limit: z.coerce.number().int().min(1).max(PAGE_SIZE_MAX).optional().default(PAGE_SIZE_DEFAULT),
});
export type PageQuery = z.output<typeof pageQuerySchema>;

export const userIdParam = z.object({ userId: idString });
export const groupIdParam = z.object({ groupId: idString });
export const groupMemberParams = z.object({
  id: idString,
  userId: idString,
});

/**
 * What a direct or group send may add (docs/decisions/replies-edits-reactions.md): the message it
 * answers (of the same conversation), and when its author wrote it (the device's clock; the
 * server keeps it within WRITTEN_AT_MAX_AGE_MS before storing and never after).
 */
const sendExtras = {
  replyTo: idString.nullish(),
  writtenAt: z.iso.datetime({ offset: true, error: 'writtenAt must be an ISO date' }).nullish(),
};
// URL-only: a batch is up to 100 messages in one body; images go through the upload first.
const batchImage = z.string().max(500, 'The image must be uploaded first').refine(isAllowedText, TEXT_NOT_ALLOWED).nullish();
const hasTextOrImage = { message: 'Message text or image is required', path: ['text'] };
/** Where an edit or a reaction belongs: the other person (direct) or the group. The message must be of it. */
const inConversation = z.object({ kind: z.enum(['direct', 'group']), id: idString });

/**
 * One item of POST /api/messages/batch, keyed by its clientId: a direct or a group send, an edit
 * of one's own message, or a reaction added or taken away. All go through the device's outbox in
 * order, so an edit typed offline follows the message it changes.
 */
/** What a new direct or group message in a batch carries besides where it goes. */
const batchMessage = { text: messageText.optional().default(''), image: batchImage, clientId: clientIdField, ...sendExtras };
const hasContent = (m: { text: string; image?: string | null }) => m.text.trim() !== '' || !!m.image;

export const batchItemSchema = z.discriminatedUnion('kind', [
  z.object({ kind: z.literal('direct'), to: idString, ...batchMessage }).refine(hasContent, hasTextOrImage),
  z.object({ kind: z.literal('group'), groupId: idString, ...batchMessage }).refine(hasContent, hasTextOrImage),
  z.object({
    kind: z.literal('edit'),
    conversation: inConversation,
    messageId: idString,
    text: messageText,
    clientId: clientIdField,
  }),
  z.object({
    kind: z.literal('react'),
    conversation: inConversation,
    messageId: idString,
    emoji: z.enum(REACTIONS, { error: 'Not a reaction Haven offers' }),
    /** true adds the reaction, false takes it away. */
    add: z.boolean(),
    clientId: clientIdField,
  }),
], { error: 'Each item needs a kind: direct, group, edit or react' });
export type BatchItem = z.output<typeof batchItemSchema>;
export type BatchItemInput = z.input<typeof batchItemSchema>;

/**
 * The batch as a whole: each item is validated on its own by the route (batchItemSchema), so one
 * bad item is refused alone and does not sink the others.
 */
export const batchBodySchema = z.object({
  items: z.array(z.unknown(), { error: 'items must be a list' })
    .min(1, 'items must not be empty')
    .max(BATCH_MAX_ITEMS, `At most ${BATCH_MAX_ITEMS} messages in one batch`),
});

export const syncQuerySchema = z.object({
  since: z.coerce.number().int().min(0).optional().default(0),
  limit: z.coerce.number().int().min(1).max(SYNC_PAGE_MAX).optional().default(SYNC_PAGE_MAX),
});

// The Aura composer and title (features/aura) still import it from here.
const auraText = z.string().max(AURA_TEXT_MAX_LENGTH, `Messages to Aura can be at most ${AURA_TEXT_MAX_LENGTH} characters`);
const auraImage = z.string().max(500).nullish();
const hasSomething = (m: { text: string; img?: string | null }) => m.text.trim() !== '' || !!m.img;

export const createChatSchema = z.object({
  text: auraText.optional().default(''), img: auraImage, clientId: clientIdField.optional(),
  /** Offered by a client that started the chat offline and already shows it under this id. */
  chatId: z.string().refine(isId, 'Invalid chat ID format').optional(),
})
  .refine(hasSomething, { message: 'Please enter a message or upload an image', path: ['text'] });

export const updateChatSchema = z.object({ question: auraText.optional().default(''), img: auraImage, clientId: clientIdField.optional() })
  .transform(({ question, ...rest }) => ({ ...rest, text: question }))
  .refine(hasSomething, { message: 'Please enter a message or upload an image', path: ['question'] });

export const generateSchema = z.object({
  prompt: z.string().trim().min(1, 'A prompt is required').max(AURA_TEXT_MAX_LENGTH),
  chatId: z.string().refine(isId, 'Invalid chat ID format').optional(),
});

export const chatIdParam = z.object({ id: z.string().refine(isId, 'Invalid chat ID format') });

/** A name the person gives an Aura chat (PUT /api/chats/:id/title): what the list shows, so short and never blank. */
export const renameChatSchema = z.object({
  title: z.string().trim().min(1, 'Please enter a title').max(100, 'A title can be at most 100 characters'),
});
