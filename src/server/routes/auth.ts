/** /api/auth: sign up, sign in and out, the session check, the profile photo, verification and referral codes. */
import { and, eq, sql } from 'drizzle-orm';
import type { FastifyPluginAsync, FastifyRequest } from 'fastify';
import { newId } from '../../shared/ids';
import { ACCOUNT_SUSPENDED_MESSAGE } from '../../shared/errors';
import { DATA_URL_MAX_LENGTH, isDataUrl } from '../../shared/images';
import { isProfessional, isVerifiedProfessional } from '../../shared/limits';
import { PROFILE_PIC_MESSAGE } from '../../shared/schemas';
import { clearSessionCookie, setSessionCookie } from '../auth/cookie';
import { DeviceCookies } from '../auth/device-cookie';
import { browserLabel } from '../auth/browser-label';
import { assertPasswordAllowed } from '../auth/password-policy';
import { decoyHash, hashPassword, verifyPassword } from '../auth/passwords';
import { isUniqueViolation, issueReferralCode } from '../auth/referral-codes';
import { createSession, deleteSession, SESSION_COOKIE, sessionIdOf } from '../auth/sessions';
import { currentUser, requireUser } from '../auth/guards';
import type { AppContext } from '../context';
import type { Db } from '../db/client';
import { users, type UserRow } from '../db/schema';
import { endpoint } from '../http/endpoint';
import { AppError } from '../http/errors';
import type { ZodTypeProvider } from '../http/zod';
import { newSignInLetter } from '../mail/letters';
import { rateLimited } from '../limits/limiters';
import { byAddress, routeLimit } from '../limits/route-limit';
import { ImageStore } from '../uploads/store';
import { toAuthUser } from '../users/serialize';
import { verifiedProfessional } from '../users/standing';

/**
 * One image data URL of up to 5 MB, plus the rest of a user object: the spec's client sends its
 * whole user back (see below).
 */
const PROFILE_BODY_LIMIT = DATA_URL_MAX_LENGTH + 16 * 1024;

export async function findVerifiedProfessionalByCode(db: Db, code: string): Promise<UserRow | null> {
  if (!code) return null;
  const [row] = await db.select().from(users).where(and(
    eq(users.referralCode, code), verifiedProfessional(),
  )).limit(1);
  return row ?? null;
}

async function updateUser(db: Db, id: string, values: Partial<typeof users.$inferInsert>): Promise<UserRow> {
  const [row] = await db.update(users).set(values).where(eq(users.id, id)).returning();
  if (!row) throw new AppError('NOT_FOUND', 'User not found');
  return row;
}

export const authRoutes: FastifyPluginAsync<AppContext> = async (app, ctx) => {
  const { config, database: { db }, store, loginThrottle, uploadKeys, limiters, mailer } = ctx;
  const deviceCookies = new DeviceCookies(uploadKeys.privateKey);
  const r = app.withTypeProvider<ZodTypeProvider>();
  const minutes = (n: number) => n * 60;
  const signupLimit = routeLimit(limiters, { name: 'signup', points: config.RATE_LIMIT_SIGNUP_MAX, seconds: minutes(config.RATE_LIMIT_SIGNUP_WINDOW_MINUTES) }, byAddress);
  const referralLimit = routeLimit(limiters,
    { name: 'validate-referral', points: config.RATE_LIMIT_REFERRAL_MAX, seconds: minutes(config.RATE_LIMIT_REFERRAL_WINDOW_MINUTES) }, byAddress);

  async function signIn(request: FastifyRequest, reply: import('fastify').FastifyReply, user: UserRow) {
    // Rotation: whatever session this browser had ends; the new one gets a new id.
    const old = request.cookies[SESSION_COOKIE];
    if (old) {
      await deleteSession(db, old);
      app.events.emit('sessionEnded', sessionIdOf(old));
    }
    const session = await createSession(db, user, config.SESSION_DAYS, request.headers['user-agent']);
    // The password changed (or the account went) between the check and now: the old one no longer signs in.
    if (!session) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
    setSessionCookie(reply, config, session.token, session.expiresAt);
  }

  r.route({
    ...endpoint(r, 'signup'),
    onRequest: signupLimit,
    handler: async (request, reply) => {
    const { fullName, email, password, role, referralCode } = request.body;
    if (role === 'admin') throw new AppError('FORBIDDEN', 'Admin accounts cannot be created by signing up');
    assertPasswordAllowed(password);
    let referrer: UserRow | null = null;
    if (role === 'user') {
      if (!referralCode) {
        throw new AppError('VALIDATION_FAILED', 'Referral code is required', { fields: { referralCode: 'Referral code is required' } });
      }
      referrer = await findVerifiedProfessionalByCode(db, referralCode);
      if (!referrer) throw new AppError('INVALID_REFERRAL_CODE', 'Invalid referral code');
    }
    const passwordHash = await hashPassword(password);
    let user: UserRow;
    try {
      const [row] = await db.insert(users).values({
        id: newId(),
        fullName, email, passwordHash, role,
        status: role === 'user' ? 'verified' : 'pending',
        referredBy: referrer?.id ?? null,
        verificationRequest: role !== 'user',
      }).returning();
      user = row!;
    } catch (error) {
      if (isUniqueViolation(error)) throw new AppError('EMAIL_TAKEN', 'An account with this email already exists');
      throw error;
    }
    await signIn(request, reply, user);
    deviceCookies.issue(reply, config, email, user.passwordHash);
    return reply.status(201).send(toAuthUser(user));
  } });

  r.route({ ...endpoint(r, 'login'), handler: async (request, reply) => {
    const { email, password } = request.body;
    const [user] = await db.select().from(users).where(eq(sql`lower(${users.email})`, email)).limit(1);
    // A device cookie is bound to the password it signed in with: a change or reset voids it.
    const device = user ? deviceCookies.deviceFor(request, email, user.passwordHash) : null;
    const attempt = { account: email, address: request.ip, device, credential: user?.passwordHash ?? '' };
    const wait = await loginThrottle.begin(attempt);
    if (wait > 0) throw rateLimited(wait, (when) => `Too many failed login attempts. Please try again in ${when}.`);
    const ok = user ? await verifyPassword(user.passwordHash, password) : await verifyPassword(await decoyHash(), `${password}!`);
    if (!user || !ok) throw new AppError('INVALID_CREDENTIALS', 'Invalid email or password');
    await loginThrottle.succeeded(attempt);
    // Only after the password: someone without it learns nothing of the suspension.
    if (user.suspendedAt) throw new AppError('SUSPENDED', ACCOUNT_SUSPENDED_MESSAGE);
    deviceCookies.issue(reply, config, email, user.passwordHash);
    await signIn(request, reply, user);
    // A browser with no device cookie of this account and password: the owner hears of it by e-mail.
    if (!device) mailer.send(user.email, newSignInLetter(user.fullName, browserLabel(request.headers['user-agent']), new Date()));
    return toAuthUser(user);
  } });

  r.route({ ...endpoint(r, 'logout'), handler: async (request, reply) => {
    const token = request.cookies[SESSION_COOKIE];
    if (token) {
      await deleteSession(db, token);
      app.events.emit('sessionEnded', sessionIdOf(token));
    }
    clearSessionCookie(reply, config);
    return { message: 'Logged out successfully' };
  } });

  r.route({ ...endpoint(r, 'check'), onRequest: requireUser, handler: async (request) => toAuthUser(currentUser(request)) });

  r.route({ ...endpoint(r, 'updateProfile'), onRequest: requireUser, bodyLimit: PROFILE_BODY_LIMIT, handler: async (request) => {
    const user = currentUser(request);
    const { profilePic } = request.body;
    if (!isDataUrl(profilePic)) {
      // The spec's client, after a photo update, sends the answer (the user, profilePic now the
      // stored photo's URL) straight back: that is a no-op answered with the user as they are.
      if (profilePic === user.profilePic) return toAuthUser(user);
      throw new AppError('VALIDATION_FAILED', PROFILE_PIC_MESSAGE, { fields: { profilePic: PROFILE_PIC_MESSAGE } });
    }
    const image = await store.saveDataUrl(user.id, profilePic);
    const updated = await updateUser(db, user.id, { profilePic: image.url });
    const previous = ImageStore.nameFromUrl(user.profilePic);
    if (previous) await store.remove([previous]);
    return toAuthUser(updated);
  } });

  r.route({ ...endpoint(r, 'requestVerification'), onRequest: requireUser, handler: async (request) => {
    const user = currentUser(request);
    if (!isProfessional(user.role)) throw new AppError('FORBIDDEN', 'Only professional accounts need verification');
    if (user.status === 'pending') throw new AppError('CONFLICT', 'Your verification request is already pending');
    if (user.status === 'verified') throw new AppError('CONFLICT', 'Your account is already verified');
    const updated = await updateUser(db, user.id, {
      status: 'pending', verificationRequest: true, verificationMessage: request.body.message, rejectionReason: null,
    });
    // Pending professionals may not hold a socket (spec: confined to /verification-needed).
    app.events.emit('accessChanged', user.id);
    return toAuthUser(updated);
  } });

  r.route({
    ...endpoint(r, 'validateReferral'),
    onRequest: referralLimit,
    handler: async (request) => ({ valid: (await findVerifiedProfessionalByCode(db, request.body.referralCode)) !== null }),
  });

  r.route({ ...endpoint(r, 'generateReferral'), onRequest: requireUser, handler: async (request) => {
    const user = currentUser(request);
    if (!isVerifiedProfessional(user)) {
      throw new AppError('FORBIDDEN', 'Your account must be verified to get a referral code.');
    }
    if (user.referralCode) return toAuthUser(user);
    await issueReferralCode(db, user.id);
    const [fresh] = await db.select().from(users).where(eq(users.id, user.id));
    return toAuthUser(fresh!);
  } });
};
