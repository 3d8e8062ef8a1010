/** HTTP for password recovery, account settings and profile pictures (issue 3). */
import { z } from 'zod';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import {
  accountMessages,
  changeNewPasswordBody,
  changePasswordBody,
  changePasswordResponse,
  messageResponse,
  profileImageMaxBytes,
  sendOtpBody,
  sendOtpResponse,
  updateInfoBody,
  updateInfoResponse,
  verifyOtpBody,
  verifyOtpResponse,
} from '@beat/shared';
import type { Deps } from '../../deps.js';
import { notFound } from '../../lib/errors.js';
import { sendStoredFile } from '../../lib/send-file.js';
import { callerOf, requireAuth, userByEmailFor } from '../auth/auth.hooks.js';
import { rememberDevice } from '../auth/known-device.hooks.js';
import { setSessionCookie } from '../auth/session-cookie.hooks.js';
import { toUserDto } from '../users/user-dto.js';
import { changePassword, updateProfile } from './account-settings.service.js';
import { requestOtp, recoveryMessages, resetPassword, verifyOtp } from './password-recovery.service.js';
import { imageKeyPattern } from './profile-image.js';

const imageParams = z.object({ file: z.string() });

export function accountsRoutes(deps: Deps): FastifyPluginAsyncZod {
  return async (app) => {
    const auth = requireAuth(deps);
    // Changing its password is the one thing an account that must change its password can do (besides reading itself).
    const authPendingChange = requireAuth(deps, { allowPendingPasswordChange: true });
    const secured = { tags: ['account'], security: [{ bearer: [] }] };

    // Codes are written and e-mailed after the response; closing the app waits for those still on their way.
    const deliveries = new Set<Promise<void>>();
    app.addHook('onClose', async () => {
      await Promise.allSettled([...deliveries]);
    });

    app.post(
      '/sendotp',
      {
        schema: {
          tags: ['account'],
          description:
            'E-mails a 5-character code (10 minutes, single use, 5 tries) when an account has this e-mail. Answers the same, ' +
            'in the same time, for every e-mail. 429 within 60 s of the last request for the e-mail.',
          body: sendOtpBody,
          response: { 200: sendOtpResponse },
        },
      },
      async (request) => {
        const { delivery, resendAfterSeconds } = await requestOtp(deps, request.body.email, request.ip);
        if (delivery) {
          const tracked = delivery
            .catch((error: unknown) => request.log.error({ err: error }, 'the password recovery code could not be sent'))
            .finally(() => deliveries.delete(tracked));
          deliveries.add(tracked);
        }
        return { message: recoveryMessages.codeSent, resendAfterSeconds };
      },
    );

    app.post(
      '/verifyotp',
      {
        schema: {
          tags: ['account'],
          description: 'Trades the right code for a reset token (15 minutes, single use) that /api/changenewpassword requires.',
          body: verifyOtpBody,
          response: { 200: verifyOtpResponse },
        },
      },
      async (request) => {
        const verified = await verifyOtp(deps, request.body, request.ip);
        return {
          message: accountMessages.otpVerified,
          resetToken: verified.resetToken,
          expiresAt: verified.expiresAt.toISOString(),
        };
      },
    );

    app.post(
      '/api/changenewpassword',
      {
        schema: {
          tags: ['account'],
          description:
            'Sets a new password with the reset token from /verifyotp; ends every session of the account. The browser ' +
            'becomes a known device of the account, so its logins are not slowed by failures elsewhere.',
          body: changeNewPasswordBody,
          response: { 200: messageResponse },
        },
      },
      async (request, reply) => {
        const device = await resetPassword(deps, request.body, request.ip);
        rememberDevice(deps, reply, device);
        return { message: accountMessages.passwordChangedSuccessfully };
      },
    );

    app.post(
      '/api/updateinfo',
      {
        // A picture of up to 2 MB is about 2.7 MB as base64.
        bodyLimit: Math.ceil((profileImageMaxBytes * 4) / 3) + 64 * 1024,
        preHandler: auth,
        schema: {
          ...secured,
          description:
            "Updates the caller's own name, username and profile picture (admins: anyone's). `data.profileImage` is a new " +
            'PNG or JPEG as a data URL (`data:image/png;base64,…`, at most 2 MB, checked by content), or the current ' +
            '`profileImage` URL (or nothing) to keep it. The picture is then served at `/api/files/images/<id>.<png|jpg>`.',
          body: updateInfoBody,
          response: { 200: updateInfoResponse },
        },
      },
      async (request) => {
        const user = await userByEmailFor(deps, callerOf(request), request.body.email);
        const updated = await updateProfile(deps, user, request.body.data);
        return { message: accountMessages.userInfoUpdated, user: toUserDto(updated) };
      },
    );

    app.post(
      '/api/changePassword',
      {
        preHandler: authPendingChange,
        schema: {
          ...secured,
          description:
            'Changes a password given the current one (`password`). Ends every session of the account, the caller’s too: ' +
            'the answer carries the caller’s new token, and sets it as the session cookie, as long-lived as the old one.',
          body: changePasswordBody,
          response: { 200: changePasswordResponse },
        },
      },
      async (request, reply) => {
        const caller = callerOf(request);
        const user = await userByEmailFor(deps, caller, request.body.email);
        const { password, newPassword } = request.body;
        const changed = await changePassword(deps, caller, user, password, newPassword, request.ip);
        if (changed.token) setSessionCookie(deps, reply, { token: changed.token, remember: changed.remember });
        return { message: accountMessages.passwordChanged, token: changed.token, user: toUserDto(changed.user) };
      },
    );

    app.get(
      '/api/files/images/:file',
      { schema: { tags: ['account'], description: 'A profile picture (public, cached for good: a new picture gets a new URL).', params: imageParams } },
      async (request, reply) => {
        const key = `images/${request.params.file}`;
        if (!imageKeyPattern.test(key)) throw notFound('This file is not available.');
        return sendStoredFile(deps.storage, request, reply, {
          key,
          contentType: key.endsWith('.png') ? 'image/png' : 'image/jpeg',
          cacheControl: 'public, max-age=31536000, immutable',
          redirect: { kind: 'public', now: deps.clock.now() },
        });
      },
    );
  };
}
