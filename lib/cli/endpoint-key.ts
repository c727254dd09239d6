// What keeps the CLI's API key out of sight: endpoint error text that echoes the key is rewritten
// before it reaches stdout or stderr, and a key about to cross the network unencrypted is named once.
import { redactSecret } from '../redact';
import type { Endpoint } from './args';
import { warn, type CliIo, type OutStream } from './io';

const LOOPBACK = /^(localhost|.*\.localhost|127(\.\d{1,3}){3}|\[::1\]|\[::ffff:127(\.\d{1,3}){3}\]|\[::ffff:7f[0-9a-f]{2}:[0-9a-f]{1,4}\])$/i;

/** Whether a key sent to `baseUrl` travels in clear text over the network (http:// to a host that is not this machine). */
export function sendsKeyInClear(endpoint: Pick<Endpoint, 'baseUrl' | 'apiKey'>): boolean {
  if (!endpoint.apiKey) return false;
  const url = new URL(endpoint.baseUrl);
  return url.protocol === 'http:' && !LOOPBACK.test(url.hostname);
}

function redacting(stream: OutStream, secret: string): OutStream {
  return Object.assign(Object.create(stream) as OutStream, { write: (text: string) => stream.write(redactSecret(text, secret)) });
}

/**
 * Once a command knows its endpoint: from then on every line written to this io's stdout or stderr
 * (results, errors, debug stacks, main's last-resort message) has the key replaced, and one warning
 * goes to stderr when the key would cross the network unencrypted.
 */
export function guardKey(io: CliIo, endpoint: Pick<Endpoint, 'baseUrl' | 'apiKey'>): void {
  if (endpoint.apiKey) {
    io.stdout = redacting(io.stdout, endpoint.apiKey);
    io.stderr = redacting(io.stderr, endpoint.apiKey);
  }
  if (sendsKeyInClear(endpoint))
    warn(
      io,
      `warning: the API key is sent over plain http:// to ${new URL(endpoint.baseUrl).host}, readable by anyone on the way. Use https:// (or a local address), or leave the key out.`,
    );
}
