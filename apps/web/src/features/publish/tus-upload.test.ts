import { publishMessages } from '@cratedig/contract/publish-api';
import type { DetailedError } from 'tus-js-client';
import { describe, expect, it, vi } from 'vitest';
import type { TokenManager } from '../../api/token-manager';
import { PUBLISH_TEXT } from './publish-messages';
import { precheck, refusalMessage, shouldRetry, uploadIdOf } from './tus-upload';

function failure(status: number, method = 'PATCH', body = ''): DetailedError {
  return Object.assign(new Error('failed'), {
    originalRequest: { getMethod: () => method },
    originalResponse: status === 0 ? null : { getStatus: () => status, getBody: () => body },
  }) as unknown as DetailedError;
}

const tokens = () =>
  ({ refresh: vi.fn(async () => 'fresh') }) as unknown as TokenManager & {
    refresh: ReturnType<typeof vi.fn>;
  };

describe('the upload', () => {
  it('takes its id from the last part of its address', () => {
    expect(uploadIdOf('https://cratedig.test/api/publish/uploads/0123456789abcdef0123456789abcdef')).toBe(
      '0123456789abcdef0123456789abcdef',
    );
    expect(uploadIdOf('https://cratedig.test/api/publish/uploads/')).toBeNull();
    expect(uploadIdOf(null)).toBeNull();
  });

  it('retries what a retry mends and nothing the server refused', () => {
    const t = tokens();
    expect(shouldRetry(failure(0), 0, t)).toBe(true);
    expect(shouldRetry(failure(502), 0, t)).toBe(true);
    expect(shouldRetry(failure(409, 'PATCH'), 0, t)).toBe(true);
    expect(shouldRetry(failure(423, 'PATCH'), 0, t)).toBe(true);
    // refusals of the creation are final
    expect(shouldRetry(failure(409, 'POST'), 0, t)).toBe(false);
    expect(shouldRetry(failure(413, 'POST'), 0, t)).toBe(false);
    expect(shouldRetry(failure(429, 'POST'), 0, t)).toBe(false);
    expect(shouldRetry(failure(507, 'POST'), 0, t)).toBe(false);
    expect(shouldRetry(failure(507, 'PATCH'), 0, t)).toBe(false);
    expect(shouldRetry(failure(404, 'HEAD'), 0, t)).toBe(false);
  });

  it('refreshes the token on a 401 and gives up after two', () => {
    const t = tokens();
    expect(shouldRetry(failure(401), 0, t)).toBe(true);
    expect(t.refresh).toHaveBeenCalledTimes(1);
    expect(shouldRetry(failure(401), 2, t)).toBe(false);
  });

  it("says a refusal in the server's words, or from its status", () => {
    const body = JSON.stringify({ code: 507, status: 'Error', message: 'No room today.' });
    expect(refusalMessage(failure(507, 'POST', body))).toBe('No room today.');
    expect(refusalMessage(failure(507, 'POST', '<html>'))).toBe(publishMessages.noRoom);
    expect(refusalMessage(failure(413, 'POST'))).toBe(publishMessages.tooBig('4 GB'));
    expect(refusalMessage(failure(404, 'HEAD'))).toBe(PUBLISH_TEXT.gone);
    expect(refusalMessage(failure(0))).toBe(PUBLISH_TEXT.lost);
  });

  it('refuses an empty file and one above the limit before sending', () => {
    const file = (size: number) => {
      const made = new File(['x'], 'set.mp3', { type: 'audio/mpeg' });
      Object.defineProperty(made, 'size', { value: size });
      return made;
    };
    expect(precheck(file(0))).toBe(publishMessages.empty);
    expect(precheck(file(4 * 1024 ** 3 + 1))).toBe(publishMessages.tooBig('4 GB'));
    expect(precheck(file(200 * 1024 ** 2))).toBeNull();
  });
});
