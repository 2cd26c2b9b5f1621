import { describe, expect, it } from 'vitest';
import { liveSocketErrorHandler } from './live-feed.js';

// Issue 26, item 9: a client cannot write error-level log lines at will (a 70 KiB WebSocket message).
function handled(error: Error) {
  const lines: { level: string; msg: string }[] = [];
  let terminated = false;
  const log = {
    warn: ((_: unknown, msg: string) => void lines.push({ level: 'warn', msg })) as never,
    error: ((_: unknown, msg: string) => void lines.push({ level: 'error', msg })) as never,
  };
  liveSocketErrorHandler(error, { terminate: () => (terminated = true) }, { log: log as never });
  return { levels: lines.map((line) => line.level), terminated };
}

const withCode = (message: string, code: string) => Object.assign(new RangeError(message), { code });

describe('errors on a live socket', () => {
  it('logs what the client caused at warn and ends the socket', () => {
    expect(handled(withCode('Max payload size exceeded', 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH'))).toEqual({ levels: ['warn'], terminated: true });
    expect(handled(withCode('read ECONNRESET', 'ECONNRESET'))).toEqual({ levels: ['warn'], terminated: true });
  });

  it('logs anything else at error', () => {
    expect(handled(new Error('a bug of ours'))).toEqual({ levels: ['error'], terminated: true });
  });
});
